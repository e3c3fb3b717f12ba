import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.COUCH_URL).toBeUndefined();
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.COUCH_DB_PREFIX).toBe('');
  });

  it('takes a COUCH_DB_PREFIX that keeps every name a valid CouchDB database name', () => {
    expect(parseEnv({ COUCH_DB_PREFIX: 'staging_' }).COUCH_DB_PREFIX).toBe('staging_');
    for (const bad of ['Staging_', '1x_', '_x', 'a/b', 'a b']) {
      expect(() => parseEnv({ COUCH_DB_PREFIX: bad }), bad).toThrow(/COUCH_DB_PREFIX/);
    }
  });

  it('names each bad variable', () => {
    try {
      parseEnv({ PORT: 'abc', COUCH_URL: 'not a url', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const names = (error as EnvError).issues.map((i) => i.name).sort();
      expect(names).toEqual(['COUCH_URL', 'JWT_SECRET', 'LOG_LEVEL', 'PORT']);
      expect((error as Error).message).toContain('PORT: must be a whole number');
    }
  });

  it('treats empty variables as unset (as compose passes them)', () => {
    expect(parseEnv({ COUCH_URL: '', SMTP_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('splits CORS_ORIGINS and checks each origin', () => {
    expect(parseEnv({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual(
      ['https://a.example', 'https://b.example'],
    );
    expect(() => parseEnv({ CORS_ORIGINS: 'https://a.example, nope' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default; true is one proxy, a number is that many', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'sometimes' })).toThrow(/TRUST_PROXY: must be true/);
  });
});

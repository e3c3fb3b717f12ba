import { describe, expect, it } from 'vitest';
import { BrowserNotFound, findBrowser, type System } from './browser';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const PLAYWRIGHT = '/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

/** A machine described by what exists, what runs, and what installing would add. */
function machine(options: {
  files?: string[];
  env?: Record<string, string>;
  root?: boolean;
  osRelease?: string;
  apt?: boolean;
  /** What each install command makes appear; absent: the command fails. */
  installs?: Partial<Record<'playwright' | 'apt', string>>;
  broken?: string[];
}) {
  const files = new Set(options.files ?? []);
  const commands: string[] = [];
  const system: System = {
    platform: 'linux',
    env: options.env ?? {},
    isRoot: options.root ?? true,
    exists: (file) => files.has(file),
    read: (file) => (file === '/etc/os-release' ? (options.osRelease ?? DEBIAN) : undefined),
    run(command, args) {
      commands.push([command, ...args].join(' '));
      if (args[0] === '--version') {
        if (command === 'apt-get') return { status: options.apt === false ? null : 0, output: '' };
        return files.has(command) && !options.broken?.includes(command)
          ? { status: 0, output: `Chromium 142.0 (${command})\n` }
          : { status: 1, output: 'error' };
      }
      if (command === 'npx') {
        const made = options.installs?.playwright;
        if (!made) return { status: 1, output: 'Error: Download failure, code=1\n    at x' };
        files.add(made);
        return { status: 0, output: '' };
      }
      if (command === 'apt-get' && args[0] === 'update') return { status: 0, output: '' };
      if (command === 'apt-get' && args[0] === 'install') {
        const made = options.installs?.apt;
        if (!made || args.at(-1) !== 'chromium') return { status: 100, output: 'E: not found' };
        files.add(made);
        return { status: 0, output: '' };
      }
      return { status: null, output: 'not found' };
    },
    playwrightChromium: () => PLAYWRIGHT,
  };
  return { system, commands };
}

const installing = { install: true };

describe('findBrowser', () => {
  it('uses CHROMIUM_PATH first and installs nothing', () => {
    const { system, commands } = machine({
      files: ['/opt/my/chrome', '/usr/bin/chromium'],
      env: { CHROMIUM_PATH: '/opt/my/chrome' },
    });
    expect(findBrowser(system, installing)).toMatchObject({
      path: '/opt/my/chrome',
      source: 'CHROMIUM_PATH',
    });
    expect(commands).toEqual(['/opt/my/chrome --version']);
  });

  it('stops with a message when CHROMIUM_PATH names nothing, rather than picking another', () => {
    const { system } = machine({
      files: ['/usr/bin/chromium'],
      env: { CHROMIUM_PATH: '/nope/chrome' },
    });
    expect(() => findBrowser(system, installing)).toThrow(/CHROMIUM_PATH=\/nope\/chrome: no such/);
  });

  it('takes a system browser that runs, skipping one that does not', () => {
    const { system } = machine({
      files: ['/usr/bin/chromium', '/usr/bin/google-chrome'],
      broken: ['/usr/bin/chromium'],
    });
    expect(findBrowser(system, installing)).toMatchObject({
      path: '/usr/bin/google-chrome',
      source: 'system',
    });
  });

  it("then Playwright's own Chromium, installed or installable", () => {
    const installed = machine({ files: [PLAYWRIGHT] });
    expect(findBrowser(installed.system, installing).source).toBe('playwright');
    const installable = machine({ installs: { playwright: PLAYWRIGHT } });
    expect(findBrowser(installable.system, installing).source).toBe('playwright (installed now)');
    expect(installable.commands).toContain('npx playwright install chromium');
  });

  it('then, on Debian as root, apt-get install chromium', () => {
    const { system, commands } = machine({ installs: { apt: '/usr/bin/chromium' } });
    expect(findBrowser(system, installing)).toMatchObject({
      path: '/usr/bin/chromium',
      source: 'apt-get (chromium, installed now)',
    });
    expect(commands).toEqual(
      expect.arrayContaining(['apt-get update -qq', 'apt-get install -y -qq chromium']),
    );
  });

  it('never uses apt-get when not root, nor outside Debian and Ubuntu', () => {
    const notRoot = machine({ root: false, installs: { apt: '/usr/bin/chromium' } });
    expect(() => findBrowser(notRoot.system, installing)).toThrow(/needs root/);
    const fedora = machine({ osRelease: 'ID=fedora\n', installs: { apt: '/usr/bin/chromium' } });
    expect(() => findBrowser(fedora.system, installing)).toThrow(BrowserNotFound);
    for (const { commands } of [notRoot, fedora])
      expect(commands.some((c) => c.startsWith('apt-get install'))).toBe(false);
  });

  it('with no way to get one, says what was tried and what to install', () => {
    const { system } = machine({ apt: false });
    let message = '';
    try {
      findBrowser(system, installing);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('npm test needs Chromium');
    expect(message).toContain('CHROMIUM_PATH: not set');
    expect(message).toContain('/usr/bin/chromium');
    expect(message).toContain(
      '`npx playwright install chromium` failed (Download failure, code=1)',
    );
    expect(message).toContain('apt-get: not found on PATH');
    expect(message).toContain('sudo apt-get install -y chromium');
  });

  it('installs nothing when asked only to look', () => {
    const { system, commands } = machine({ installs: { apt: '/usr/bin/chromium' } });
    expect(() => findBrowser(system, { install: false })).toThrow(/not installing here/);
    expect(commands.some((c) => c.includes('install'))).toBe(false);
  });
});

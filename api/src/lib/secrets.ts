import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The token-signing secret: JWT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR (mode 0600) so sessions survive restarts. Several API instances must share
 * JWT_SECRET (or DATA_DIR).
 */
export async function loadJwtSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600 });
  return new TextEncoder().encode(secret);
}

/**
 * The sync gateway's CouchDB password, derived from the token secret so that every API
 * instance sharing JWT_SECRET agrees on it without another shared file.
 */
export function gatewayPassword(jwtSecret: Uint8Array): string {
  return createHmac('sha256', jwtSecret)
    .update('wayfarer couch gateway account')
    .digest('base64url');
}

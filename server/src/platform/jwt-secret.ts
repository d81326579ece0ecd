// Without JWT_SECRET the server generates one once and keeps it in DATA_DIR, so sessions survive a restart.
// Several instances must share JWT_SECRET (README).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function ensureJwtSecret(dataDir: string, given?: string): string {
  if (given) return given;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

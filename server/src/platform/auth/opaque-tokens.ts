// Random single-purpose tokens (refresh tokens, e-mail links): only their SHA-256 hash is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

#!/usr/bin/env node
// Fails when a server log holds something shaped like a credential the app hands out: a JWT access token
// (`eyJ...` header, payload, signature) or an opaque token (32 random bytes in base64url: 43 characters;
// refresh tokens, e-mail links, stream tickets). scripts/test.mjs runs it on the browser journeys' server
// log (issue 13, finding 8). Usage: node scripts/scan-log-tokens.mjs FILE
import { existsSync, readFileSync } from 'node:fs';

const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g;
const OPAQUE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(`scan-log-tokens: no log at ${file}`);
  process.exit(1);
}
const lines = readFileSync(file, 'utf8').split('\n');
let found = 0;
lines.forEach((line, i) => {
  // A feed cursor is base64url JSON too (`eyJ...`), but one piece, never a 43-character random string.
  const hits = [
    ...(line.match(JWT) ?? []),
    ...(line.match(OPAQUE) ?? []).filter((m) => !m.startsWith('eyJ')),
  ];
  if (hits.length === 0) return;
  found += hits.length;
  if (found <= 5) console.error(`${file}:${i + 1}: ${hits[0].slice(0, 12)}... in ${line.slice(0, 200)}`);
});
console.log(`scan-log-tokens: ${lines.length} lines, ${found} token-shaped strings`);
process.exit(found > 0 ? 1 : 0);

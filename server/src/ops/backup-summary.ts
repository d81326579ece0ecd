// What the backup and restore commands tell the operator about a backup: plain lines, never a secret's value.
import { formatBytes, type Manifest, type SecretSource, totalRows } from './backup-manifest';

const SECRET_STATE: Record<SecretSource, string> = {
  included: 'in the backup',
  environment: 'set in the environment, not in the backup',
  absent: 'none yet (the server generates it at its next start)',
};

export function summaryLines(m: Manifest): string[] {
  const tables = Object.keys(m.tables).length;
  return [
    `  database: ${m.kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'}, ${tables} tables, ${totalRows(m.tables).toLocaleString('en')} rows, last migration ${m.lastMigration ?? 'none'} (${m.database.file}, ${formatBytes(m.database.bytes)})`,
    m.files.storage === 'local'
      ? `  files: ${m.files.count.toLocaleString('en')} files, ${formatBytes(m.files.bytes)}`
      : `  files: in the S3 bucket ${m.files.bucket}, not in the backup`,
    `  JWT secret: ${SECRET_STATE[m.secrets.jwtSecret]}`,
    `  VAPID key pair: ${SECRET_STATE[m.secrets.vapidKeys]}`,
  ];
}

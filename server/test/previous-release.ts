// The previous release (issue 31, item 3; docs/deploy.md "Rolling back"): the commit recorded in
// deploy/previous-release, taken from git history into .tmp/previous-release/<commit> and run from its own
// sources with tsx, on this release's node_modules (the one difference from what shipped: its dependencies
// are ours). Also the expand/contract rule that keeps it working on our schema (ADR 042).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_DIR } from './server-process';

export const REPO = join(SERVER_DIR, '..');
export const RECORD = join(REPO, 'deploy', 'previous-release');

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20, stdio: 'pipe' });

/** The recorded commit (PREVIOUS_RELEASE overrides it, to try the check on another release). */
export function previousRelease(): string {
  const fromEnv = process.env.PREVIOUS_RELEASE?.trim();
  if (fromEnv) return git('rev-parse', '--verify', `${fromEnv}^{commit}`).trim();
  const line = readFileSync(RECORD, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  if (!line || !/^[0-9a-f]{40}$/.test(line)) throw new Error(`${RECORD} names no full commit id`);
  return line;
}

/** Whether this clone holds `commit` (a shallow clone may not: the check needs the history). */
export function hasCommit(commit: string): boolean {
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

/** A file of `commit`, or undefined when it had none. */
export function fileAt(commit: string, path: string): string | undefined {
  try {
    return git('show', `${commit}:${path}`);
  } catch {
    return undefined;
  }
}

/** Whether the server sources of `commit` hold `text` (a queue's name, say). */
export function sourceMentions(commit: string, text: string): boolean {
  try {
    git('grep', '-q', '-F', `'${text}'`, commit, '--', 'server/src');
    return true;
  } catch {
    return false;
  }
}

export type Migration = { tag: string; sql: string };

/** The migrations of a release in the order they run (drizzle's journal). */
export function migrationsAt(read: (path: string) => string | undefined): Migration[] {
  const journal = read('server/migrations/meta/_journal.json');
  if (!journal) throw new Error('no migration journal');
  const entries = (JSON.parse(journal) as { entries: { tag: string }[] }).entries;
  return entries.map(({ tag }) => ({ tag, sql: read(`server/migrations/${tag}.sql`) ?? '' }));
}

/** This working tree's migrations. */
export const ourMigrations = () =>
  migrationsAt((path) => {
    const file = join(REPO, path);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  });

/**
 * The server folder of `commit`, extracted once (its sources, migrations and contract) under .tmp. Its
 * `@hearth/contract` resolves to its own contract; every other package to this checkout's node_modules.
 */
export function extractRelease(commit: string): string {
  const root = join(REPO, '.tmp', 'previous-release', commit);
  const done = join(root, '.extracted');
  if (!existsSync(done)) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    const paths = [
      'tsconfig.base.json',
      'contract',
      'server/src',
      'server/migrations',
      'server/package.json',
    ];
    const tar = execFileSync('git', ['archive', '--format=tar', commit, ...paths], {
      cwd: REPO,
      maxBuffer: 256 << 20,
    });
    execFileSync('tar', ['-x', '-C', root], { input: tar });
    mkdirSync(join(root, 'node_modules', '@hearth'), { recursive: true });
    symlinkSync('../../contract', join(root, 'node_modules', '@hearth', 'contract'));
    writeFileSync(done, `${new Date().toISOString()}\n`);
  }
  return join(root, 'server');
}

/**
 * The statements of a migration that contract the schema (drop, rename, retype, tighten) without a
 * `-- contract:` comment above them saying why no release still running reads or writes what they change.
 * Expand/contract (ADR 042): a release only adds; what it stops using goes one release later, so the
 * previous release, still serving during a rolling upgrade or brought back by a rollback, keeps working.
 */
export function unannouncedContractions(sql: string): string[] {
  const CONTRACTING = [
    /\bdrop\s+(table|column|constraint|type|view|function)\b/i,
    /\brename\s+(to|column|constraint)\b/i,
    /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i,
    /\balter\s+column\s+"?\w+"?\s+set\s+not\s+null\b/i,
    /\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i,
    /\badd\s+constraint\s+"?\w+"?\s+(unique|check|primary\s+key)\b/i,
  ];
  return sql
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => {
      const code = statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n');
      return CONTRACTING.some((re) => re.test(code)) && !/^\s*-- contract: \S/m.test(statement);
    })
    .map((statement) => statement.split('\n').find((l) => !l.trim().startsWith('--')) ?? statement);
}

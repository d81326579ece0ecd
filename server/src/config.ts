// The only place that reads process.env: parsed once, checked at boot, a bad value stops the server
// with a message naming it.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { type OidcProviderConfig, readOidcProviders } from './config-oidc';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './platform/http/timeouts';
import { DEFAULT_MAIL_CONCURRENCY } from './platform/mail';
import type { S3Settings } from './platform/storage/s3';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
    // Server processes on one port (node:cluster); unset: one per core with DATABASE_URL, else one.
    WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    // With DATABASE_URL: this server is the only one on that database, so what it keeps in DATA_DIR is enough.
    SINGLE_INSTANCE: bool,
    // On SIGTERM, readiness answers 503 this long while the port still serves, so that load balancers move on
    // before the server closes its port (main.ts).
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(10),
    COMPANY_EMAIL_DOMAINS: z
      .string()
      .default('example.com,example.org')
      .transform((s) =>
        s
          .split(',')
          .map((d) => d.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((a) => a.length > 0, 'at least one domain is needed'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Hearth <no-reply@example.com>'),
    // Mails sent at once per server process, each over its own pooled SMTP connection (platform/mail.ts).
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(DEFAULT_MAIL_CONCURRENCY),
    SUPPORT_EMAIL: z.string().default('support@example.com'),
    BRAND_NAME: z.string().default('Hearth'),
    COPYRIGHT_YEAR: z.coerce.number().int().default(2020),
    PUBLIC_URL: z.string().url().optional(),
    SEED_DEMO: bool,
    TRUST_PROXY: bool,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Turns GET /metrics on; a scrape sends it as a bearer token (platform/metrics.ts).
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    WEB_DIST: z.string().optional(),
    // Object storage for uploads: S3 (or an S3-compatible service) when S3_BUCKET is set, else DATA_DIR/files.
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool,
    // Web push (VAPID): both keys or neither (then generated once into DATA_DIR/vapid.json).
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: address or an https:// URL')
      .optional(),
    // Retention of rows that only pile up (features/auth/token-pruning.ts, notifications/retention.ts).
    REFRESH_TOKEN_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    SESSION_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(735),
    NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    UNVIEWED_NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  })
  .superRefine((e, ctx) => {
    // A key pair is set whole or not at all; the message names the half that is missing.
    const pairs = [
      ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
      ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(e[a]) !== Boolean(e[b]))
        ctx.addIssue({ code: 'custom', path: [e[a] ? b : a], message: `${a} and ${b} go together` });
    }
    if ((e.WORKERS ?? 1) > 1 && !e.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'above 1 needs DATABASE_URL: the embedded database allows one process',
      });
    if (e.DATABASE_URL && !e.SINGLE_INSTANCE) {
      for (const [setting, why] of SHARED_SETTINGS) {
        if (!e[setting])
          ctx.addIssue({
            code: 'custom',
            path: [setting],
            message: `must be set when DATABASE_URL is, as every instance needs the same one (${why}); set SINGLE_INSTANCE=1 if this server is the only one`,
          });
      }
    }
  });

/**
 * What a second instance on the same database must share with the first, and what breaks when an instance
 * generates its own into DATA_DIR instead. The server refuses to start without them (product.md section 10).
 */
const SHARED_SETTINGS = [
  ['JWT_SECRET', "without it each instance signs with its own secret and logs out the others' users"],
  ['S3_BUCKET', 'without it each instance keeps uploads on its own disk and the others answer 404 for them'],
  ['VAPID_PUBLIC_KEY', 'without it each instance has its own push keys and push services refuse the others'],
] as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections per server process to DATABASE_URL. */
  databasePoolSize: number;
  /** Server processes sharing the port (platform/cluster.ts); 1 on the embedded database. */
  workers: number;
  /** With DATABASE_URL: the only server on that database (enforced by an advisory lock, single-instance.ts). */
  singleInstance: boolean;
  /** On SIGTERM, how long readiness answers 503 while the port still serves, before the server closes. */
  shutdownDrainSeconds: number;
  companyEmailDomains: string[];
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Mails sent at once per server process and pooled SMTP connections (MAIL_CONCURRENCY, default 8). */
  mailConcurrency: number;
  supportEmail: string;
  brandName: string;
  copyrightYear: number;
  publicUrl: string;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Unset = /metrics is off (404); set = a scrape must send it as `Authorization: Bearer <token>`. */
  metricsToken?: string;
  webDist?: string;
  /** Set when S3_BUCKET is: uploads go to that bucket instead of DATA_DIR/files. */
  s3?: S3Settings;
  /** Web push keys; unset = generated once into DATA_DIR/vapid.json. */
  vapid?: { publicKey: string; privateKey: string };
  /** The VAPID `sub` claim: a mailto: address or https: URL (default mailto:SUPPORT_EMAIL). */
  vapidSubject: string;
  /** Connection, header, body and request timeouts; the defaults and their reasons are in timeouts.ts. */
  httpTimeouts: HttpTimeouts;
  /** Identity providers to sign in with (OIDC_PROVIDERS and OIDC_<NAME>_*, config-oidc.ts); none by default. */
  oidcProviders: OidcProviderConfig[];
  /** How long rows that only pile up are kept, in days (the pruning jobs; README, configuration). */
  retention: RetentionDays;
};

export type RetentionDays = {
  /** Refresh tokens and mailed links: kept this long after their session (refresh family) or link expired. */
  refreshTokens: number;
  /** One token row per person and week is kept this long for the activity reports (up to 104 weeks). */
  sessionHistory: number;
  /** Viewed notifications, and notification events once none of their notifications is left. */
  notifications: number;
  /** Notifications never viewed. */
  unviewedNotifications: number;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  const oidc = readOidcProviders(env);
  if (!parsed.success || oidc.problems.length) {
    const lines = [
      ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
      ...oidc.problems.map(([setting, message]) => `  ${setting}: ${message}`),
    ];
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    workers: e.WORKERS ?? (e.DATABASE_URL ? availableParallelism() : 1),
    singleInstance: e.SINGLE_INSTANCE,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    companyEmailDomains: e.COMPANY_EMAIL_DOMAINS,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailConcurrency: e.MAIL_CONCURRENCY,
    supportEmail: e.SUPPORT_EMAIL,
    brandName: e.BRAND_NAME,
    copyrightYear: e.COPYRIGHT_YEAR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // Demo content is for laptops: production only seeds when asked to (product.md section 1).
    seedDemo: e.NODE_ENV === 'production' ? e.SEED_DEMO : e.SEED_DEMO || env.SEED_DEMO === undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    httpTimeouts: DEFAULT_HTTP_TIMEOUTS,
    oidcProviders: oidc.providers,
    retention: {
      refreshTokens: e.REFRESH_TOKEN_RETENTION_DAYS,
      sessionHistory: e.SESSION_HISTORY_DAYS,
      notifications: e.NOTIFICATION_RETENTION_DAYS,
      unviewedNotifications: e.UNVIEWED_NOTIFICATION_RETENTION_DAYS,
    },
  };
}

// zod compiles object parsers with `new Function` unless told not to; our CSP (no 'unsafe-eval') blocks
// that probe and Chromium logs a violation on every page that loads the schemas. Interpreted parsing is
// fast enough for form-sized data. It must be set before any schema is built, so main.tsx imports this
// first. zod keeps its settings on this global (what `z.config()` writes) so that every copy of zod on a
// page shares them; writing it directly spares the login page zod's core (10 KB), which z.config imports.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};

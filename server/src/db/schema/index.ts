// Drizzle tables, one file per feature; everything imports them from here (and drizzle-kit reads this file).
export * from './auth';
export * from './communities';
export * from './feed';
export * from './files';
export * from './notifications';
export * from './reach';
export * from './search';
export * from './settings';
export * from './sso';
export * from './stats';
export * from './surveys';
export * from './users';

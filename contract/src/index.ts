export * from './constants';
export * from './messages';
export * from './routes';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/stats';
export * from './schemas/users';
export * from './validation';

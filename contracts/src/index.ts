export * from './permissions';
export * from './common';
export * from './manifest';
export * from './auth';

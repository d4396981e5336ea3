export * from './permissions';
export * from './common';
export * from './manifest';
export * from './auth';
export * from './roles';
export * from './websites';
export * from './admin';
export * from './session';

/**
 * shared-auth: the session (atoms, one store, actions), the one API client, the ability and the guards.
 * Loaded as a module-federation singleton by the host and every remote: import from 'shared-auth' only.
 */
export * from './storage';
export * from './ability';
export * from './session';
export * from './api-client';
export * from './hooks';
export * from './components';
export * from './interface-toggles';
export * from './form-errors';
export * from './use-confirmed-action';
export * from './call-api';
export * from './queries';
export * from './use-dialog-form';
export * from './live';

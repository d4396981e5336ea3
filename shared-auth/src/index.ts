/**
 * shared-auth: the session (atoms, one store, actions), its own calls (refresh, who-am-I, logout), the ability and the guards.
 * The HTTP client and the query layer are shared-data's; the form helpers shared-ui's.
 * Loaded as a module-federation singleton by the host and every remote: import from 'shared-auth' only.
 */
export * from './storage';
export * from './ability';
export * from './session';
export * from './auth-http';
export * from './hooks';
export * from './components';
export * from './interface-toggles';

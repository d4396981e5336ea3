/**
 * shared-data: the data layer of the console: the one HTTP client (headers, 401 refresh and replay
 * through the session), `callApi`, the one query client and the query hooks, the live events.
 * Above shared-auth (it reads the session), below every screen; it imports no UI (errors reach the
 * page's toaster through `setErrorNotifier`). Loaded as a module-federation singleton by the host
 * and every remote: import from 'shared-data' only.
 */
export * from './api-client';
export * from './call-api';
export * from './queries';
export * from './live';
export * from './provider';

export const TEST_ADMIN = { email: 'admin@signpost.local', password: 'Signpost-admin-1' };
/** A fixed signing secret, so tests can forge expired tokens exactly like the server's own. */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

import { identityProviderLoginCall, type CallBodyInput } from 'contracts';
import { callApi } from 'shared-data';

/** POST /api/auth/identity-provider (no session): the organisation's identity provider's answer, exchanged for a session. */
export const identityProviderLogin = (body: CallBodyInput<typeof identityProviderLoginCall>) => callApi(identityProviderLoginCall, { body });

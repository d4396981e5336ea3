import { createWebsiteCall } from 'contracts';
import { reloadUser } from 'shared-auth';
import { useCallMutation } from 'shared-data';

/**
 * POST /api/websites (create_websites); a duplicate domain answers 409 'Website already exists'.
 * The session's user is read again so the header's website switcher lists the new website.
 */
export const useCreateWebsite = () => useCallMutation(createWebsiteCall, { onSuccess: () => reloadUser().catch(() => undefined) });

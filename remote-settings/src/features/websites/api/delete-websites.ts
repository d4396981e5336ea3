import { deleteWebsitesCall } from 'contracts';
import { reloadUser } from 'shared-auth';
import { useCallMutation } from 'shared-data';

/**
 * DELETE /api/websites with `{ websites: [ids] }` (delete_websites). The session's user is read
 * again, so the header's switcher drops the website (and a deleted active website is switched away).
 */
export const useDeleteWebsites = () => useCallMutation(deleteWebsitesCall, { onSuccess: () => reloadUser().catch(() => undefined) });

import { getInstallSnippetCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/websites/{id}/install-snippet (get_websites): the snippet a website pastes, with its key. */
export const useInstallSnippet = (websiteId: string | undefined, enabled: boolean) =>
  useCallQuery(getInstallSnippetCall, { params: { id: websiteId ?? '' } }, { enabled: enabled && !!websiteId, select: (answer) => answer.snippet });

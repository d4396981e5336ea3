import { getInstallSnippetCall } from 'contracts';
import { callApi } from 'shared-auth';

/** GET /api/websites/{id}/install-snippet (get_websites): the snippet a website pastes, with its key. */
export const getInstallSnippet = async (websiteId: string): Promise<string> => (await callApi(getInstallSnippetCall, { params: { id: websiteId } })).snippet;

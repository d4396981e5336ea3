import { callUrl, getInstallSnippetCall, type CallAnswer } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/websites/{id}/install-snippet (get_websites): the website script's snippet, with the website's key. */
export async function getInstallSnippet(websiteId: string): Promise<string> {
  const { data } = await api.get<CallAnswer<typeof getInstallSnippetCall>>(callUrl(getInstallSnippetCall, { id: websiteId }));
  return data.snippet;
}

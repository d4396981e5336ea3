import type { PopupDeleteBody } from 'contracts';
import { api } from 'shared-auth';

/** DELETE /api/popups (delete_posts), body { popups: [ids] }: the selected rows at once. */
export async function deletePopups(ids: string[]): Promise<void> {
  const body: PopupDeleteBody = { popups: ids };
  await api.delete('/api/popups', { data: body });
}

import { bulkDeleteBody } from 'contracts';
import type { ContentListCalls } from './ContentListPage';

type ByIdMutation = { mutateAsync: (variables: { params: { id: string } }) => Promise<unknown> };
type BulkMutation<F extends string> = { mutateAsync: (variables: { body: Record<F, string[]> }) => Promise<unknown> };

/**
 * A list's row and bulk actions from the kind's mutation hooks (one api/ file each): duplicate,
 * cancel and delete by id, and the bulk delete under the kind's list name. A kind with no delete by
 * id (push notifications: the API has only the bulk call) deletes a row as a list of one.
 */
export function contentListCalls<F extends string>(
  kind: { deleteField: F },
  mutations: { duplicate: ByIdMutation; cancel: ByIdMutation; remove?: ByIdMutation; removeMany: BulkMutation<F> },
): ContentListCalls {
  const { duplicate, cancel, remove, removeMany } = mutations;
  const deleteIds = (ids: string[]) => removeMany.mutateAsync({ body: bulkDeleteBody(kind, ids) });
  return {
    duplicate: (id) => duplicate.mutateAsync({ params: { id } }),
    cancel: (id) => cancel.mutateAsync({ params: { id } }),
    remove: (id) => (remove ? remove.mutateAsync({ params: { id } }) : deleteIds([id])),
    removeMany: deleteIds,
  };
}

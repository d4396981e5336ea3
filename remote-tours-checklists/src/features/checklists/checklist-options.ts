import { listToursCall } from 'contracts';
import { useEditorOptions } from 'shared-content';
import { useAllPages } from 'shared-data';

/** What the checklist editor's pickers offer: the content editors' shared options, and the tours a task may start or wait for. */
export function useChecklistOptions() {
  const options = useEditorOptions('checklist');
  const tours = useAllPages(listToursCall);
  return { ...options, tours: (tours.data ?? []).map((r) => ({ _id: r._id, name: r.title })) };
}
export type ChecklistOptions = ReturnType<typeof useChecklistOptions>;

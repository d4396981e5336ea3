import { listAttributesCall, listGroupsCall, listSegmentsCall, listTagsCall, listToursCall } from 'contracts';
import { useWorkspaces } from 'shared-content';
import { useAllPages } from 'shared-data';

/** What the checklist editor's pickers offer (each list loads on its own; a failed one stays empty). */
export function useChecklistOptions() {
  const groups = useAllPages(listGroupsCall);
  const segments = useAllPages(listSegmentsCall);
  const attributes = useAllPages(listAttributesCall);
  const tags = useAllPages(listTagsCall);
  const tours = useAllPages(listToursCall);
  const workspaces = useWorkspaces('checklist');
  return {
    groups: groups.data ?? [],
    segments: segments.data ?? [],
    attributes: attributes.data ?? [],
    tags: tags.data ?? [],
    tours: (tours.data ?? []).map((r) => ({ _id: r._id, name: r.title })),
    workspaces: workspaces.data ?? [],
  };
}
export type ChecklistOptions = ReturnType<typeof useChecklistOptions>;

import { listTags, usePickerQuery, useWorkspaces } from 'shared-content';
import { listAttributes } from './api/list-attributes';
import { listGroups } from './api/list-groups';
import { listSegments } from './api/list-segments';
import { listTourChoices } from './api/list-tours';

/** What the checklist editor's pickers offer (each list loads on its own; a failed one stays empty). */
export function useChecklistOptions() {
  const groups = usePickerQuery('groups', listGroups);
  const segments = usePickerQuery('segment', listSegments);
  const attributes = usePickerQuery('attributes', listAttributes);
  const tags = usePickerQuery('tags', listTags);
  const tours = usePickerQuery('product-tours', listTourChoices);
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

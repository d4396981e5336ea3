import { listTags, usePickerQuery, useWorkspaces } from 'shared-content';
import { listAttributes } from './api/list-attributes';
import { listGroups } from './api/list-groups';
import { listSegments } from './api/list-segments';

/**
 * What the tour editor's pickers offer, all of the active website: groups, saved audiences,
 * people-data attributes (the dynamic audience), tags and the tour workspaces. Each list loads on its
 * own; one that fails leaves its picker empty rather than blocking the editor.
 */
export function useTourOptions() {
  const groups = usePickerQuery('groups', listGroups);
  const segments = usePickerQuery('segment', listSegments);
  const attributes = usePickerQuery('attributes', listAttributes);
  const tags = usePickerQuery('tags', listTags);
  const workspaces = useWorkspaces('tour');
  return {
    groups: groups.data ?? [],
    segments: segments.data ?? [],
    attributes: attributes.data ?? [],
    tags: tags.data ?? [],
    workspaces: workspaces.data ?? [],
  };
}
export type TourOptions = ReturnType<typeof useTourOptions>;

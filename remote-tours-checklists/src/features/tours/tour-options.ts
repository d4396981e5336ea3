import { listAttributesCall, listGroupsCall, listSegmentsCall, listTagsCall } from 'contracts';
import { useWorkspaces } from 'shared-content';
import { useAllPages } from 'shared-data';

/**
 * What the tour editor's pickers offer, all of the active website: groups, saved audiences,
 * people-data attributes (the dynamic audience), tags and the tour workspaces. Each list loads on its
 * own; one that fails leaves its picker empty rather than blocking the editor.
 */
export function useTourOptions() {
  const groups = useAllPages(listGroupsCall);
  const segments = useAllPages(listSegmentsCall);
  const attributes = useAllPages(listAttributesCall);
  const tags = useAllPages(listTagsCall);
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

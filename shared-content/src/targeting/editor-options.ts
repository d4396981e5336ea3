import { listAttributesCall, listGroupsCall, listSegmentsCall, listTagsCall, type WorkspaceService } from 'contracts';
import { useWorkspaces } from '../content-list/api/list-workspaces';
import { useAllPages } from 'shared-data';

/**
 * What a content editor's pickers offer (popups, banners, push notifications, tours, checklists), all
 * of the active website: groups, saved audiences (segments), people-data attributes (for the dynamic
 * audience), tags, and the kind's workspaces. Each list loads on its own; one that fails leaves its
 * picker empty rather than blocking the editor.
 */
export function useEditorOptions(service: WorkspaceService) {
  const groups = useAllPages(listGroupsCall);
  const segments = useAllPages(listSegmentsCall);
  const attributes = useAllPages(listAttributesCall);
  const tags = useAllPages(listTagsCall);
  const workspaces = useWorkspaces(service);
  return {
    groups: groups.data ?? [],
    segments: segments.data ?? [],
    attributes: attributes.data ?? [],
    tags: tags.data ?? [],
    workspaces: workspaces.data ?? [],
    loading: groups.isPending || segments.isPending || tags.isPending || workspaces.isPending,
  };
}
export type EditorOptions = ReturnType<typeof useEditorOptions>;

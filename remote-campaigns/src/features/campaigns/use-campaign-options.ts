import { listAttributesCall, listGroupsCall, listSegmentsCall, listTagsCall, type WorkspaceService } from 'contracts';
import { useWorkspaces } from 'shared-content';
import { useAllPages } from 'shared-data';

/**
 * What an editor's pickers offer, all of the active website: groups, saved audiences (segments),
 * people-data attributes (for the dynamic audience), tags, and the kind's workspaces. Each list
 * loads on its own; one that fails leaves its picker empty rather than blocking the editor.
 */
export function useCampaignOptions(service: WorkspaceService) {
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
export type CampaignOptions = ReturnType<typeof useCampaignOptions>;

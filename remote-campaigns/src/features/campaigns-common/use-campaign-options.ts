import type { WorkspaceService } from 'contracts';
import { listAttributes } from './api/list-attributes';
import { listGroups } from './api/list-groups';
import { listSegments } from './api/list-segments';
import { listTags } from './api/list-tags';
import { listWorkspaces } from './api/list-workspaces';
import { useLoaded } from './use-loaded';

/**
 * What an editor's pickers offer, all of the active website: groups, saved audiences (segments),
 * people-data attributes (for the dynamic audience), tags, and the service's workspaces. Each list
 * loads on its own; one that fails leaves its picker empty rather than blocking the editor.
 */
export function useCampaignOptions(service: WorkspaceService) {
  const groups = useLoaded(listGroups);
  const segments = useLoaded(listSegments);
  const attributes = useLoaded(listAttributes);
  const tags = useLoaded(listTags);
  const workspaces = useLoaded(() => listWorkspaces(service), service);
  return {
    groups: groups.data ?? [],
    segments: segments.data ?? [],
    attributes: attributes.data ?? [],
    tags: tags.data ?? [],
    workspaces: workspaces.data ?? [],
    loading: groups.loading || segments.loading || tags.loading || workspaces.loading,
  };
}
export type CampaignOptions = ReturnType<typeof useCampaignOptions>;

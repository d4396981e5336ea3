import type { WorkspaceService } from 'contracts';
import { listAttributes } from './api/list-attributes';
import { listGroups } from './api/list-groups';
import { listSegments } from './api/list-segments';
import { listTags, usePickerQuery, useWorkspaces } from 'shared-content';

/**
 * What an editor's pickers offer, all of the active website: groups, saved audiences (segments),
 * people-data attributes (for the dynamic audience), tags, and the kind's workspaces. Each list
 * loads on its own; one that fails leaves its picker empty rather than blocking the editor.
 */
export function useCampaignOptions(service: WorkspaceService) {
  const groups = usePickerQuery('groups', listGroups);
  const segments = usePickerQuery('segment', listSegments);
  const attributes = usePickerQuery('attributes', listAttributes);
  const tags = usePickerQuery('tags', listTags);
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

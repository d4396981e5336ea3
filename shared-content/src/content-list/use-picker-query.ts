import { useQuery } from '@tanstack/react-query';
import { useSession } from 'shared-auth';

/**
 * One of the pickers' option lists (groups, saved audiences, attributes, tags, workspaces, senders),
 * read through the console's one query cache. Its key starts like `callKey`'s (`['api', area, …]`,
 * the area being the path segment after /api/), so a write in that area (a new workspace) makes it
 * read again, and it is per active website.
 *
 * Why not `useCallQuery`: those lists' calls belong to other areas (groups, audiences, attributes,
 * tags, workspaces, senders), whose fetchers in ./api are switched to their areas' call definitions
 * by those areas' own migrations. When they are, this becomes `useCallQuery(listXCall, …)`.
 */
export function usePickerQuery<T>(area: string, load: () => Promise<T>, input: unknown = null) {
  const websiteId = useSession().activeWebsite?._id ?? null;
  return useQuery({ queryKey: ['api', area, 'picker', websiteId, input], queryFn: load });
}

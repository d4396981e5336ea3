import { LIMITS, listAttributesCall } from 'contracts';
import type { AudienceAttribute } from 'shared-ui/audience-builder';
import { useCallQuery } from 'shared-data';

const NO_ATTRIBUTES: AudienceAttribute[] = [];

/**
 * GET /api/attributes: every people-data attribute of the website (a website has few), for the rule
 * builder. Without them the built-in fields still work; the builder simply offers fewer attributes.
 */
export function useAudienceAttributes(): AudienceAttribute[] {
  const attributes = useCallQuery(
    listAttributesCall,
    { query: { page: 1, pageSize: LIMITS.pageSizeMax } },
    { select: (answer) => answer.docs.map((a) => ({ name: a.name, type: a.type })) },
  );
  return attributes.data ?? NO_ATTRIBUTES;
}

import { keepPreviousData } from '@tanstack/react-query';
import { searchClientsCall, type AudienceGroup } from 'contracts';
import { useCallQuery } from 'shared-data';

/**
 * POST /api/clients: the people a dynamic audience selects (the body is the tree; the query pages,
 *). A read, so it goes through the cache: the same tree and page are asked once, and
 * a tree that changed aborts the request still running for the old one.
 */
export const useClientSearch = (audience: AudienceGroup, query: { page: number; pageSize: number }, enabled: boolean) =>
  useCallQuery(searchClientsCall, { body: audience, query: { ...query, orderBy: 'createdAt', order: 'desc' } }, { enabled, placeholderData: keepPreviousData });

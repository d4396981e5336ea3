import { pageMeta, type PageQuery, type Paged } from 'contracts';

/** LIMIT/OFFSET of a page query (page 1, pageSize 10 by default). */
export function pageWindow(query: Pick<PageQuery, 'page' | 'pageSize'>) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export function paged<T>(docs: T[], totalDocs: number, query: Pick<PageQuery, 'page' | 'pageSize'>): Paged<T> {
  return { docs, meta: pageMeta(totalDocs, query.page, query.pageSize) };
}

export const iso = (d: Date) => d.toISOString();

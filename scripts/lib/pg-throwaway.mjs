// The throwaway PostgreSQL cluster of `pnpm test` and `pnpm bench` is the API's own helper
// (api/scripts/pg-throwaway.mjs): one implementation, used by its suite and by these scripts.
import { pgBin, startThrowawayPostgres } from '../../api/scripts/pg-throwaway.mjs';

/** The bin directory of the newest installed PostgreSQL, or null when there is none. */
export function findPgBin() {
  try {
    return pgBin();
  } catch {
    return null;
  }
}

/** Resolves to { pg } or, when no cluster can be started here, { pg: null, reason }. */
export async function getThrowawayPostgres() {
  if (!findPgBin()) return { pg: null, reason: 'PostgreSQL is not installed (apt-get install -y postgresql)' };
  try {
    return { pg: await startThrowawayPostgres(), reason: null };
  } catch (err) {
    return { pg: null, reason: `could not start a throwaway PostgreSQL: ${err.message}` };
  }
}

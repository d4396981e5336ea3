// The throwaway PostgreSQL cluster of `pnpm test` and `pnpm bench` is the API's own helper
// (api/scripts/pg-throwaway.mjs): one implementation, used by its suite, its benches and these
// scripts. Scripts may use the API's entry points; the API never imports from scripts/.
import { getThrowawayPostgres, pgBin } from '../../api/scripts/pg-throwaway.mjs';

export { getThrowawayPostgres };

/** The bin directory of the newest installed PostgreSQL, or null when there is none. */
export function findPgBin() {
  try {
    return pgBin();
  } catch {
    return null;
  }
}

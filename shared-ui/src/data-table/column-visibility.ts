import { useAtom, type PrimitiveAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { VisibilityState } from '@tanstack/react-table';

/** The local-storage key of one table's column choices. */
export const columnVisibilityKey = (tableId: string) => `signpost.tableColumns.${tableId}`;

const atoms = new Map<string, PrimitiveAtom<VisibilityState>>();

/**
 * The columns a user showed or hid in one table (`tableId`: the table's test id, one per list),
 * remembered across reloads with jotai's storage atom; read at creation so the first paint already
 * has them. Until the user chooses, `initial` (the columns hidden by default) applies.
 */
export function usePersistedColumnVisibility(tableId: string, initial: VisibilityState) {
  let stored = atoms.get(tableId);
  if (!stored) {
    stored = atomWithStorage<VisibilityState>(columnVisibilityKey(tableId), initial, undefined, { getOnInit: true }) as PrimitiveAtom<VisibilityState>;
    atoms.set(tableId, stored);
  }
  return useAtom(stored);
}

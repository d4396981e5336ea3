import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { sessionStore } from './atoms';

/**
 * The interface toggles, in the one shared store so the host's layout and every
 * remote read and flip the same state: the crud form panel, the sub-sidebar (open by default), the
 * posts tour panel and the tour editor (closed by default).
 */
export const INTERFACE_TOGGLE_DEFAULTS = {
  crudForm: false,
  subSidebar: true,
  postsTourPanel: false,
  tourEditor: false,
} as const;
export type InterfaceToggle = keyof typeof INTERFACE_TOGGLE_DEFAULTS;

/**
 * Remembered across visits (the collapsed or expanded sidebar stays as chosen),
 * with jotai's own storage atom; read at creation so the first paint already has the choice.
 */
export const interfaceTogglesAtom = atomWithStorage<Record<InterfaceToggle, boolean>>(
  'signpost.interfaceToggles',
  { ...INTERFACE_TOGGLE_DEFAULTS },
  undefined,
  { getOnInit: true },
);

/** `[open, setOpen, toggle]` for one toggle. */
export function useInterfaceToggle(name: InterfaceToggle) {
  const [toggles, setToggles] = useAtom(interfaceTogglesAtom, { store: sessionStore });
  const set = useCallback((open: boolean) => setToggles((t) => ({ ...t, [name]: open })), [name, setToggles]);
  const toggle = useCallback(() => setToggles((t) => ({ ...t, [name]: !t[name] })), [name, setToggles]);
  return [toggles[name], set, toggle] as const;
}

import { atom } from 'jotai';

/**
 * Interface toggles of spec section 4 that the host's layout owns. The sub-sidebar is open by
 * default. (The crud-form panel, posts tour panel and tour editor toggles belong to the remotes
 * whose screens they open.)
 */
export const subSidebarOpenAtom = atom(true);

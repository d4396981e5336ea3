import { useEditorOptions } from 'shared-content';

/** What the tour editor's pickers offer: the content editors' shared options, with the tour workspaces. */
export const useTourOptions = () => useEditorOptions('tour');
export type TourOptions = ReturnType<typeof useTourOptions>;

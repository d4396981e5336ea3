/** The campaign editors' pickers: the content editors' shared options, of the campaign's kind. */
export { useEditorOptions as useCampaignOptions, type EditorOptions as CampaignOptions } from 'shared-content';

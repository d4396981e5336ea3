import { popupDocumentSchema, type Popup, type PopupDocument } from 'contracts';

/** The editable document of a saved popup: its fields without the server's own (_id, sender, counts, dates). */
export function documentOf(popup: Popup): PopupDocument {
  const keys = Object.keys(popupDocumentSchema.shape) as (keyof PopupDocument)[];
  return Object.fromEntries(keys.map((k) => [k, popup[k]])) as PopupDocument;
}

import { bannerDocumentSchema, type Banner, type BannerDocument } from 'contracts';

/** The editable document of a saved banner: its fields without the server's own. */
export function documentOf(banner: Banner): BannerDocument {
  const keys = Object.keys(bannerDocumentSchema.shape) as (keyof BannerDocument)[];
  return Object.fromEntries(keys.map((k) => [k, banner[k]])) as BannerDocument;
}

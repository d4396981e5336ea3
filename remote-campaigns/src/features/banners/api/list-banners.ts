/** GET /api/banners (get_banners): page, pageSize, titleOfBanner, style, status, position, priority, sender, tag, workSpace. */
export const LIST_BANNERS_URL = '/api/banners';

/** GET /api/popups (get_posts): page, pageSize, titleOfPopup, style, status, position, priority, sender, tag, workSpace. */
export const LIST_POPUPS_URL = '/api/popups';

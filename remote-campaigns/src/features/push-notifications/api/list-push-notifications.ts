/** GET /api/push-notification: page, pageSize, title, status, devices, sender, tag, workSpace. */
export const LIST_PUSH_URL = '/api/push-notification';

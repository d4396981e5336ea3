import { api } from 'shared-auth';

/** DELETE /api/segment/{id} */
export const deleteSegment = (id: string) => api.delete<{ message: string }>(`/api/segment/${id}`).then((res) => res.data);

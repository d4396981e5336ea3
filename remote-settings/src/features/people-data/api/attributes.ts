import type { Attribute, AttributeBody } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/attributes: the active website's attributes, newest first. */
export const LIST_ATTRIBUTES_URL = '/api/attributes';
export type AttributeRow = Attribute;
type Saved = { message: string; data: Attribute };

/** POST /api/attributes: 201 with the message telling the user to start sending it from their code. */
export const createAttribute = (body: AttributeBody) => api.post<Saved>('/api/attributes', body).then((res) => res.data);
export const updateAttribute = (id: string, body: AttributeBody) => api.put<Saved>(`/api/attributes/${id}`, body).then((res) => res.data);
export const deleteAttribute = (id: string) => api.delete<{ message: string }>(`/api/attributes/${id}`).then((res) => res.data);

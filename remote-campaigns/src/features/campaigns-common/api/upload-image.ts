import { UPLOAD_FIELD, type UploadResponse } from 'contracts';
import { api } from 'shared-auth';

/**
 * POST /api/upload (multipart, field `file`). Spec section 5: only HTTP 201 counts as success, so any
 * other answer (even a 2xx) is reported as a failure.
 */
export async function uploadImage(file: File): Promise<UploadResponse['data']> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file);
  // Overrides the client's JSON default (which would turn the form into JSON); axios then leaves the
  // header to the browser, which adds the multipart boundary.
  const response = await api.post<UploadResponse>('/api/upload', form, { headers: { 'Content-Type': 'multipart/form-data' } });
  if (response.status !== 201) throw new Error('upload not created');
  return response.data.data;
}

import { callUrl, UPLOAD_FIELD, uploadImageCall, type UploadResponse } from 'contracts';
import { api } from 'shared-data';

/**
 * POST /api/upload (create_upload; multipart, field `file`). Only the call's success
 * status (201) counts, so any other answer, even a 2xx, is a failure; that is why this one call reads
 * the status itself instead of going through `callApi`. The answer is parsed with the contract, and
 * the client leaves the multipart header (with its boundary) to the browser for a FormData body.
 */
export async function uploadImage(file: File): Promise<UploadResponse['data']> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file);
  const response = await api.request({ method: uploadImageCall.method, url: callUrl(uploadImageCall), data: form });
  if (response.status !== uploadImageCall.status) throw new Error('upload not created');
  return uploadImageCall.response.parse(response.data).data;
}

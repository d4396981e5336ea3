import { exportFileName } from 'contracts';
import { api } from 'shared-auth';

/**
 * GET /api/export/{id}: the popup's form answers as a spreadsheet, saved by the browser as
 * `form_answers_{id}.xlsx`. Read as a blob: an error answer is a blob too, so its JSON is read back
 * for the server's message ('No surveys found').
 */
export async function exportAnswers(id: string): Promise<void> {
  let blob: Blob;
  try {
    ({ data: blob } = await api.get<Blob>(`/api/export/${encodeURIComponent(id)}`, { responseType: 'blob' }));
  } catch (error) {
    const data = (error as { response?: { data?: unknown } }).response?.data;
    if (data instanceof Blob) {
      try {
        (error as { response: { data: unknown } }).response.data = JSON.parse(await data.text());
      } catch {}
    }
    throw error;
  }
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = exportFileName(id);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

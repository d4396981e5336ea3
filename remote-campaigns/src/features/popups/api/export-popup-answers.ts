import { exportFileName, exportPopupAnswersCall } from 'contracts';
import { callApi } from 'shared-data';

/**
 * A file name from a popup's title: what a file system refuses (`/ \ : * ? " < > |`, control
 * characters) becomes a space, runs of spaces one, at most 100 characters; empty → `fallback`.
 */
export function fileNameOf(title: string, fallback: string): string {
  const name = title
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return name ? `${name}.xlsx` : fallback;
}

/**
 * GET /api/export/{id} (get_posts): the popup's form answers as a spreadsheet, saved by the browser
 * under `name` (the popup's title, which a person finds among their downloads; the API's own
 * `form_answers_{id}.xlsx` when there is none). A download, not data a screen shows, so a plain call (no cache). The
 * file is read as a blob, so an error answer is a blob too: its JSON is read back for the server's
 * message ('No surveys found').
 */
export async function exportPopupAnswers(id: string, name = ''): Promise<void> {
  let blob: Blob;
  try {
    blob = await callApi(exportPopupAnswersCall, { params: { id } });
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
  link.download = fileNameOf(name, exportFileName(id));
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

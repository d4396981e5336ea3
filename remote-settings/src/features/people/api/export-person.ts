import { exportPersonCall } from 'contracts';
import { callApi } from 'shared-data';
import { personExportFileName } from '../people-list';

/**
 * GET /api/people/{personId}/export (get_people): everything held about the person, saved by the
 * browser as one JSON file (what a data-subject request is answered with). A download, not data a
 * screen shows, so a plain call (no cache).
 */
export async function exportPerson(personId: string, label: string): Promise<void> {
  const data = await callApi(exportPersonCall, { params: { personId } });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = personExportFileName(label, data.exportedAt);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

import { useCallback } from 'react';
import { LIBRARY_NOTIFICATION } from 'contracts';
import { notifier } from 'shared-ui';
import { errorMessage } from 'shared-data';
import { useTranslation } from 'shared-i18n';
import { exportPopupAnswers } from './api/export-popup-answers';

/**
 * Downloads a popup's form answers (list row action and view screen). Building the spreadsheet runs
 * in the background while the user goes on, so it is a library notification (the
 * `notifier`: top end, 4.5 s, stacking): "Preparing…" at once, then the same notification says how
 * it ended — downloaded, or why not.
 */
export function useExportAnswers() {
  const { t } = useTranslation('campaigns');
  return useCallback(
    async (id: string, title: string) => {
      const notice = notifier.create({ type: 'loading', title: t('popups.export.preparing') });
      try {
        await exportPopupAnswers(id, title.trim() ? t('popups.export.fileName', { title: title.trim() }) : '');
        notifier.update(notice, { type: 'success', title: t('popups.export.done'), duration: LIBRARY_NOTIFICATION.durationMs });
      } catch (error) {
        notifier.update(notice, { type: 'error', title: errorMessage(error, t('messages.exportEmpty')), duration: LIBRARY_NOTIFICATION.durationMs });
      }
    },
    [t],
  );
}

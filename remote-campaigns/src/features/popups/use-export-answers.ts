import { useCallback } from 'react';
import { toaster } from 'shared-ui';
import { errorMessage } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { exportPopupAnswers } from './api/export-popup-answers';

/** Downloads a popup's form answers (list row action and view screen), announcing the outcome by a toast. */
export function useExportAnswers() {
  const { t } = useTranslation('campaigns');
  return useCallback(
    async (id: string) => {
      try {
        await exportPopupAnswers(id);
        toaster.create({ type: 'success', title: t('popups.export.done') });
      } catch (error) {
        toaster.create({ type: 'error', title: errorMessage(error, t('messages.exportEmpty')) });
      }
    },
    [t],
  );
}

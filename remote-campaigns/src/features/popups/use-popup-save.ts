import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PopupDocument } from 'contracts';
import { toaster } from 'shared-ui';
import { errorMessage } from 'shared-data';
import { useTranslation } from 'shared-i18n';
import { useCreatePopup } from './api/create-popup';
import { useUpdatePopup } from './api/update-popup';
import type { SaveIntent } from '../campaigns/components/EditorForm';
import { POPUP_SCREENS } from '../campaigns/kinds';

/**
 * Saving a popup and what the user is told: the server's message on success; on
 * failure the server's message when it gives one, otherwise 'Error while creating popups' on create,
 * and on update 'error when updating popup' with 'Error while updating popups' as the reason.
 */
export function usePopupSave(id?: string) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const { mutateAsync: create } = useCreatePopup();
  const { mutateAsync: update } = useUpdatePopup();
  const onSubmit = useCallback(
    async (body: PopupDocument, intent: SaveIntent = { asDraft: false }) => {
      const saved = id ? await update({ params: { id }, body }) : await create({ body, query: intent.asDraft ? { draft: 'true' } : {} });
      toaster.create({ type: 'success', title: saved.message });
      navigate(POPUP_SCREENS.basePath);
    },
    [id, navigate, create, update],
  );
  const onFailure = useCallback(
    (error: unknown) => {
      if (id) toaster.create({ type: 'error', title: t('messages.popupUpdateError'), description: errorMessage(error, t('messages.popupUpdateFailed')) });
      else toaster.create({ type: 'error', title: errorMessage(error, t('messages.popupCreateFailed')) });
    },
    [id, t],
  );
  return { onSubmit, onFailure, onCancel: useCallback(() => navigate(POPUP_SCREENS.basePath), [navigate]) };
}

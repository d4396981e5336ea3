import { FileSpreadsheet } from 'lucide-react';
import { Button } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { ContentViewScreen } from '../campaigns/components/ContentViewScreen';
import { POPUP_SCREENS } from '../campaigns/kinds';
import { usePopup } from './api/get-popup';
import { PopupForm } from './components/PopupForm';
import { documentOf } from './popup-document';
import { useExportAnswers } from './use-export-answers';

/**
 * /posts/{id}/view (get_posts): the popup read-only with its preview, its comments and reactions,
 * and the export of its form answers; "Edit" for those who may update it.
 */
export default function PopupViewScreen() {
  const { t } = useTranslation('campaigns');
  const download = useExportAnswers();
  return (
    <ContentViewScreen
      kind={POPUP_SCREENS}
      useItem={usePopup}
      feedbackOf={(popup) => ({ _id: popup._id, title: popup.titleOfPopup.label, commentCount: popup.commentCount, reactCount: popup.reactCount })}
      extraActions={(popup) => (
        <Button variant="ghost" onClick={() => void download(popup._id, popup.titleOfPopup.label)} data-testid="view-export">
          <FileSpreadsheet size={14} aria-hidden />
          {t('popups.export.button')}
        </Button>
      )}
    >
      {(popup, view) => <PopupForm key={popup._id} {...view} defaultValues={documentOf(popup)} />}
    </ContentViewScreen>
  );
}

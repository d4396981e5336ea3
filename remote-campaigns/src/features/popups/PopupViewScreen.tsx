import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { FileSpreadsheet, MessagesSquare, Pencil } from 'lucide-react';
import { Button, PageHeader, toaster } from 'shared-ui';
import { errorMessage, useCan } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { CommentsReactionsDialog } from '../campaigns-common/components/CommentsReactionsDialog';
import { LoadItem } from '../campaigns-common/components/LoadItem';
import { useCampaignOptions } from '../campaigns-common/use-campaign-options';
import { exportAnswers } from './api/export-answers';
import { getPopup } from './api/get-popup';
import { PopupForm } from './components/PopupForm';
import { documentOf } from './popup-document';

/**
 * /posts/{id}/view (get_posts): the popup read-only with its preview, its comments and reactions,
 * and the export of its form answers; "Edit" for those who may update it.
 */
export default function PopupViewScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const options = useCampaignOptions('popup');
  const canUpdate = useCan('update', 'posts');
  const [feedback, setFeedback] = useState<{ _id: string; title: string } | null>(null);
  const back = () => navigate('/posts');
  const download = async () => {
    try {
      await exportAnswers(id);
      toaster.create({ type: 'success', title: t('popups.export.done') });
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('messages.exportEmpty')) });
    }
  };
  return (
    <>
      <PageHeader
        title={t('popups.view.title')}
        description={t('popups.view.description')}
        actions={
          canUpdate && (
            <Button asChild variant="outline" data-testid="view-edit">
              <RouterLink to={`/posts/${id}/update`}>
                <Pencil size={14} aria-hidden />
                {t('editor.edit')}
              </RouterLink>
            </Button>
          )
        }
      />
      <LoadItem id={id} load={getPopup} onBack={back}>
        {(popup) => (
          <PopupForm
            key={popup._id}
            mode="view"
            defaultValues={documentOf(popup)}
            options={options}
            submitLabel=""
            onSubmit={async () => undefined}
            onFailure={() => undefined}
            onCancel={back}
            extraActions={
              <>
                <Button variant="ghost" onClick={() => setFeedback({ _id: popup._id, title: popup.titleOfPopup.label })} data-testid="view-feedback">
                  <MessagesSquare size={14} aria-hidden />
                  {t('feedback.open', { comments: popup.commentCount, reactions: popup.reactCount })}
                </Button>
                <Button variant="ghost" onClick={() => void download()} data-testid="view-export">
                  <FileSpreadsheet size={14} aria-hidden />
                  {t('popups.export.button')}
                </Button>
              </>
            }
          />
        )}
      </LoadItem>
      <CommentsReactionsDialog kind="popups" item={feedback} onClose={() => setFeedback(null)} />
    </>
  );
}

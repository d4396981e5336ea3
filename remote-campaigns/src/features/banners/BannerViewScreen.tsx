import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { MessagesSquare, Pencil } from 'lucide-react';
import { Button, PageHeader } from 'shared-ui';
import { useCan } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { CommentsReactionsDialog } from '../campaigns-common/components/CommentsReactionsDialog';
import { LoadItem } from '../campaigns-common/components/LoadItem';
import { useCampaignOptions } from '../campaigns-common/use-campaign-options';
import { getBanner } from './api/get-banner';
import { documentOf } from './banner-document';
import { BannerForm } from './components/BannerForm';

/** /banners/{id}/view (get_banners): the banner read-only with its preview, comments and reactions. */
export default function BannerViewScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const options = useCampaignOptions('banner');
  const canUpdate = useCan('update', 'banners');
  const [feedback, setFeedback] = useState<{ _id: string; title: string } | null>(null);
  const back = () => navigate('/banners');
  return (
    <>
      <PageHeader
        title={t('banners.view.title')}
        description={t('banners.view.description')}
        actions={
          canUpdate && (
            <Button asChild variant="outline" data-testid="view-edit">
              <RouterLink to={`/banners/${id}/update`}>
                <Pencil size={14} aria-hidden />
                {t('editor.edit')}
              </RouterLink>
            </Button>
          )
        }
      />
      <LoadItem id={id} load={getBanner} onBack={back}>
        {(banner) => (
          <BannerForm
            key={banner._id}
            mode="view"
            defaultValues={documentOf(banner)}
            options={options}
            submitLabel=""
            onSubmit={async () => undefined}
            onFailure={() => undefined}
            onCancel={back}
            extraActions={
              <Button variant="ghost" onClick={() => setFeedback({ _id: banner._id, title: banner.titleOfBanner })} data-testid="view-feedback">
                <MessagesSquare size={14} aria-hidden />
                {t('feedback.open', { comments: banner.commentCount, reactions: banner.reactCount })}
              </Button>
            }
          />
        )}
      </LoadItem>
      <CommentsReactionsDialog kind="banners" item={feedback} onClose={() => setFeedback(null)} />
    </>
  );
}

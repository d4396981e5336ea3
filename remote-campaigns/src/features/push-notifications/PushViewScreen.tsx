import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Pencil } from 'lucide-react';
import { Button, PageHeader } from 'shared-ui';
import { useCan } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { LoadItem } from '../campaigns-common/components/LoadItem';
import { useCampaignOptions } from '../campaigns-common/use-campaign-options';
import { getPushNotification } from './api/get-push-notification';
import { PushForm } from './components/PushForm';
import { documentOf } from './push-document';

/**
 * /push_notification/{id}/view: the spec does not say whether it exists; registered read-only (no
 * permission, as the other push routes), so a notification can be looked at without editing it.
 */
export default function PushViewScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const options = useCampaignOptions('push');
  const canUpdate = useCan('update', 'pushNotification');
  const back = () => navigate('/push_notification');
  return (
    <>
      <PageHeader
        title={t('push.view.title')}
        description={t('push.view.description')}
        actions={
          canUpdate && (
            <Button asChild variant="outline" data-testid="view-edit">
              <RouterLink to={`/push_notification/${id}/update`}>
                <Pencil size={14} aria-hidden />
                {t('editor.edit')}
              </RouterLink>
            </Button>
          )
        }
      />
      <LoadItem id={id} load={getPushNotification} onBack={back}>
        {(push) => (
          <PushForm
            key={push._id}
            mode="view"
            defaultValues={documentOf(push)}
            options={options}
            submitLabel=""
            onSubmit={async () => undefined}
            onFailure={() => undefined}
            onCancel={back}
          />
        )}
      </LoadItem>
    </>
  );
}

import { useParams } from 'react-router-dom';
import type { EmailBody } from 'contracts';
import { PageHeader, Stack } from 'shared-ui';
import { LifecycleBar } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import { EMAIL_SCREENS } from '../campaigns/kinds';
import { QueriedItem } from '../campaigns/components/QueriedItem';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { useSave } from '../campaigns/use-save';
import { useEmail } from './api/get-email';
import { useUpdateEmail } from './api/update-email';
import { SendTestButton } from './components/SendTestButton';
import { EmailForm } from './components/EmailForm';
import { documentOf } from './email-document';

/** /emails/{id}/update (update_email): the saved e-mail in the editor, its status with Publish / Schedule, and "Send a test to me". */
export default function EmailUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('email');
  const email = useEmail(id);
  const { mutateAsync: update } = useUpdateEmail();
  const save = useSave({
    save: (body: EmailBody) => update({ params: { id }, body }),
    listPath: EMAIL_SCREENS.basePath,
    fallback: t('messages.emailUpdateFailed'),
  });
  return (
    <>
      <PageHeader title={t('emails.update.title')} description={t('emails.update.description')} />
      <QueriedItem query={email} onBack={save.onCancel}>
        {(saved) => (
          <Stack gap="6">
            <LifecycleBar calls={EMAIL_SCREENS.lifecycle} subject={EMAIL_SCREENS.subject} item={saved} />
            <EmailForm
              key={`${saved._id}:${saved.updatedAt}`}
              mode="update"
              defaultValues={documentOf(saved)}
              options={options}
              submitLabel={t('editor.save')}
              extraActions={<SendTestButton id={saved._id} />}
              {...save}
            />
          </Stack>
        )}
      </QueriedItem>
    </>
  );
}

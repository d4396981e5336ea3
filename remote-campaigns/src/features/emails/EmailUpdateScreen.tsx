import { useParams } from 'react-router-dom';
import type { EmailBody } from 'contracts';
import { SavedItemScreen } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import { EMAIL_SCREENS } from '../campaigns/kinds';
import { useItemTexts } from '../campaigns/components/QueriedItem';
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
  const { mutateAsync: update } = useUpdateEmail();
  const save = useSave({
    save: (body: EmailBody) => update({ params: { id }, body }),
    listPath: EMAIL_SCREENS.basePath,
    fallback: t('messages.emailUpdateFailed'),
  });
  const item = useEmail(id);
  const texts = useItemTexts();
  return (
    <SavedItemScreen kind={EMAIL_SCREENS} query={item} texts={texts} onBack={save.onCancel}>
      {(saved) => (
        <EmailForm
          mode="update"
          defaultValues={documentOf(saved)}
          options={options}
          submitLabel={t('editor.save')}
          extraActions={<SendTestButton id={saved._id} />}
          {...save}
        />
      )}
    </SavedItemScreen>
  );
}

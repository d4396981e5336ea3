import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { EmailBody } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { workspaceOfCreateRoute } from 'shared-content';
import { EMAIL_SCREENS } from '../campaigns/kinds';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { useSave } from '../campaigns/use-save';
import { useCreateEmail } from './api/create-email';
import { EmailForm } from './components/EmailForm';
import { defaultEmail } from './email-document';

/** /emails/{id}/create (create_email): a new e-mail (a draft) in workspace {id} (/emails/create: in none), in the console's language. */
export default function EmailCreateScreen() {
  const { t, i18n } = useTranslation('campaigns');
  const { id } = useParams();
  const options = useCampaignOptions('email');
  const { mutateAsync: create } = useCreateEmail();
  const save = useSave({
    save: (body: EmailBody) => create({ body, query: { draft: 'true' } }),
    listPath: EMAIL_SCREENS.basePath,
    fallback: t('messages.emailCreateFailed'),
    // A new e-mail is a draft: saved, it opens in its editor, where it is tested and published.
    goTo: (saved) => `${EMAIL_SCREENS.basePath}/${saved.data._id}/update`,
  });
  const language = (['en', 'fr', 'ar'] as const).find((l) => i18n.language?.startsWith(l)) ?? 'en';
  const defaults = useMemo(() => defaultEmail(workspaceOfCreateRoute(id), language), [id, language]);
  return (
    <>
      <PageHeader title={t('emails.create.title')} description={t('emails.create.description')} />
      <EmailForm mode="create" defaultValues={defaults} options={options} submitLabel={t('emails.create.submit')} {...save} />
    </>
  );
}

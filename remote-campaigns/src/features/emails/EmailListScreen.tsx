import { emailKind, type listEmailsCall } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { type CampaignColumnOptions, contentListCalls, ContentListPage, STATUS_FILTER, type ValueFilters } from 'shared-content';
import { EMAIL_SCREENS } from '../campaigns/kinds';
import { useEmails } from './api/list-emails';
import { useCancelEmail } from './api/cancel-email';
import { useDeleteEmail } from './api/delete-email';
import { useDeleteEmails } from './api/delete-emails';
import { useDuplicateEmail } from './api/duplicate-email';

const valueFilters: ValueFilters<typeof listEmailsCall> = [STATUS_FILTER];
const columns: CampaignColumnOptions = { include: [] };

/** /emails (get_email): the website's e-mail campaigns in the shared content list (workspaces, filters, statuses, actions). */
export default function EmailListScreen() {
  const { t } = useTranslation('campaigns');
  const list = useEmails(t('emails.list.loadError'));
  const calls = contentListCalls(emailKind, {
    duplicate: useDuplicateEmail(),
    cancel: useCancelEmail(),
    remove: useDeleteEmail(),
    removeMany: useDeleteEmails(),
  });
  return <ContentListPage kind={EMAIL_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} />;
}

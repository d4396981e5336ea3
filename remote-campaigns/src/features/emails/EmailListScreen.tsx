import { bulkDeleteBody, emailKind } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { ContentListPage, STATUS_FILTER, type CampaignColumnOptions, type ContentListCalls, type ValueFilterSpec } from 'shared-content';
import { EMAIL_SCREENS } from '../campaigns/kinds';
import { useEmails } from './api/list-emails';
import { useCancelEmail } from './api/cancel-email';
import { useDeleteEmail } from './api/delete-email';
import { useDeleteEmails } from './api/delete-emails';
import { useDuplicateEmail } from './api/duplicate-email';

const valueFilters: ValueFilterSpec[] = [STATUS_FILTER];
const columns: CampaignColumnOptions = { include: [] };

/** /emails (get_email): the website's e-mail campaigns in the shared content list (workspaces, filters, statuses, actions). */
export default function EmailListScreen() {
  const { t } = useTranslation('campaigns');
  const list = useEmails(t('emails.list.loadError'));
  const duplicate = useDuplicateEmail();
  const cancel = useCancelEmail();
  const remove = useDeleteEmail();
  const removeMany = useDeleteEmails();
  const calls: ContentListCalls = {
    duplicate: (id) => duplicate.mutateAsync({ params: { id } }),
    cancel: (id) => cancel.mutateAsync({ params: { id } }),
    remove: (id) => remove.mutateAsync({ params: { id } }),
    removeMany: (ids) => removeMany.mutateAsync({ body: bulkDeleteBody(emailKind, ids) }),
  };
  return <ContentListPage kind={EMAIL_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} />;
}

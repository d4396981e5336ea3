import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { defaultPushNotification, type PushNotificationBody } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { PublishDialog, workspaceOfCreateRoute } from 'shared-content';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { useSave } from '../campaigns/use-save';
import type { SaveIntent } from '../campaigns/components/EditorForm';
import { useCreatePushNotification } from './api/create-push-notification';
import { PushForm } from './components/PushForm';
import { PUSH_NOTIFICATION_SCREENS } from '../campaigns/kinds';

/** A submit waiting for the author's answer: the form's submit settles when it is answered. */
interface Asked {
  body: PushNotificationBody;
  settle: (outcome: Promise<void>) => void;
}

/**
 * /push_notification/{id}/create: a new push notification in workspace {id} ('Error while creating
 * push notification'). Created live, it goes out to the subscribed devices at once, so it asks
 * first, naming how many (a draft is saved without asking).
 */
export default function PushCreateScreen() {
  const { t } = useTranslation('campaigns');
  const { id } = useParams();
  const options = useCampaignOptions('push');
  const { mutateAsync: create } = useCreatePushNotification();
  const save = useSave({
    save: (body: PushNotificationBody, intent) => create({ body, query: intent.asDraft ? { draft: 'true' } : {} }),
    listPath: PUSH_NOTIFICATION_SCREENS.basePath,
    fallback: t('messages.pushCreateFailed'),
  });
  const [asked, setAsked] = useState<Asked | null>(null);
  const askedRef = useRef<Asked | null>(null);
  const ask = (next: Asked | null) => {
    askedRef.current = next;
    setAsked(next);
  };
  const { onSubmit: send } = save;
  const onSubmit = useCallback(
    (body: PushNotificationBody, intent: SaveIntent = { asDraft: false }) =>
      intent.asDraft ? send(body, intent) : new Promise<void>((resolve, reject) => ask({ body, settle: (outcome) => void outcome.then(resolve, reject) })),
    [send],
  );
  // Answered: the form's submit ends with the creation's outcome (its errors show on the form).
  const confirm = async () => {
    const current = askedRef.current;
    ask(null);
    current?.settle(send(current.body));
  };
  const dismiss = () => {
    const current = askedRef.current;
    ask(null);
    current?.settle(Promise.resolve());
  };
  const defaults = useMemo(() => defaultPushNotification(workspaceOfCreateRoute(id)), [id]);
  return (
    <>
      <PageHeader title={t('push.create.title')} description={t('push.create.description')} />
      <PushForm
        mode="create"
        defaultValues={defaults}
        options={options}
        draftLabel={t('editor.saveAsDraft')}
        submitLabel={t('push.create.submit')}
        {...save}
        onSubmit={onSubmit}
      />
      <PublishDialog
        subject="pushNotification"
        id={null}
        title={asked?.body.push_notification_title ?? ''}
        open={asked !== null}
        onConfirm={confirm}
        onClose={dismiss}
      />
    </>
  );
}

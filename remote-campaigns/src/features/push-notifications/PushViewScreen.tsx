import { ContentViewScreen } from '../campaigns/components/ContentViewScreen';
import { PUSH_NOTIFICATION_SCREENS } from '../campaigns/kinds';
import { usePushNotification } from './api/get-push-notification';
import { PushForm } from './components/PushForm';
import { documentOf } from './push-document';

/**
 * /push_notification/{id}/view: no client is known to need it; registered read-only (no
 * permission, as the other push routes), so a notification can be looked at without editing it.
 */
export default function PushViewScreen() {
  return (
    <ContentViewScreen kind={PUSH_NOTIFICATION_SCREENS} useItem={usePushNotification}>
      {(push, view) => <PushForm key={push._id} {...view} defaultValues={documentOf(push)} />}
    </ContentViewScreen>
  );
}

import { pushNotificationDocumentSchema, type PushNotification, type PushNotificationDocument } from 'contracts';

/** The editable document of a saved push notification: its fields without the server's own. */
export function documentOf(push: PushNotification): PushNotificationDocument {
  const keys = Object.keys(pushNotificationDocumentSchema.shape) as (keyof PushNotificationDocument)[];
  return Object.fromEntries(keys.map((k) => [k, push[k]])) as PushNotificationDocument;
}

import { previewEmailCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/emails/preview (get_email): the document rendered as recipients get it (HTML and text). */
export const usePreviewEmail = () => useCallMutation(previewEmailCall);

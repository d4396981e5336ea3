import { updateBubbleCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/bubble/my-website (create_websites): change the active website's messenger. */
export const useUpdateBubble = () => useCallMutation(updateBubbleCall);

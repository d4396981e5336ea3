import { getBubbleCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/bubble/my-website (any member): the active website's messenger, the defaults when never saved. */
export const useBubble = (enabled: boolean) => useCallQuery(getBubbleCall, {}, { enabled, select: (answer) => answer.data });

import { z } from 'zod';
import { defineCall } from './call';
import { idParamSchema } from './common';
import { emailKind, pushKind } from './content-kinds';
import { kindAccess, KIND_CALL_ERRORS } from './kind-calls';

/**
 * How many an item would reach off the page if it were published now, for the confirmation the
 * console asks before Publish: an e-mail's recipients (its working copy's targeting: identified,
 * with an address, not unsubscribed), a push notification's subscribed devices of the website (an
 * upper bound, the same for every push: each device's visitor is weighed against the audience when it
 * is sent).
 */
export const contentReachSchema = z.object({
  count: z.number().int().min(0),
  unit: z.enum(['people', 'devices']),
});
export type ContentReach = z.infer<typeof contentReachSchema>;

export const getEmailReachCall = defineCall({
  method: 'GET',
  path: `${emailKind.path}/:id/reach`,
  access: kindAccess('get', emailKind.resource),
  summary: 'How many people this e-mail would be sent to if published now (its working copy’s targeting)',
  tag: 'emails',
  params: idParamSchema,
  response: z.object({ data: contentReachSchema }),
  errors: KIND_CALL_ERRORS,
});

export const getPushReachCall = defineCall({
  method: 'GET',
  path: `${pushKind.path}/reach`,
  access: kindAccess('get', pushKind.resource),
  summary: 'How many subscribed devices a push notification published now could be sent to (the same for every one: asked before creating one too)',
  tag: 'push notifications',
  response: z.object({ data: contentReachSchema }),
  errors: KIND_CALL_ERRORS,
});

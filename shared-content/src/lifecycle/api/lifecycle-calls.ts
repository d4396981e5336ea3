import type { z } from 'zod';
import type { popupCalls } from 'contracts';

/** A call with its path loosened, so the kinds' calls of one shape share a type. */
type AnyPath<C> = Omit<C, 'path'> & { path: string };
/** …and its answer too: each kind answers its own saved item beside the message. */
type AnySaved<C> = Omit<C, 'path' | 'response'> & { path: string; response: z.ZodType<{ message: string }> };

/** The lifecycle's calls of one kind (contracts' `campaignCalls`): the same shape for every kind. */
export interface LifecycleCalls {
  publish: AnySaved<typeof popupCalls.publish>;
  schedule: AnySaved<typeof popupCalls.schedule>;
  discardDraft: AnySaved<typeof popupCalls.discardDraft>;
  listVersions: AnyPath<typeof popupCalls.listVersions>;
  restoreVersion: AnySaved<typeof popupCalls.restoreVersion>;
  /**
   * "Why not shown?": the content call's checks for one visitor or person (a read, though a POST).
   * Only the kinds the website script shows on pages have it (an e-mail does not).
   */
  explain?: ExplainCall;
}

export type ExplainCall = AnyPath<typeof popupCalls.explain>;

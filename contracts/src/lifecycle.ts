import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaigns';
import { msg } from './message-code';

/**
 * The lifecycle of a piece of content, declared once and shared by every kind (popups, banners, push
 * notifications today; tours, checklists and e-mails later): its statuses, and the actions that
 * alone change them. The API enforces it (api/src/routes/campaigns) and the console reads it to offer
 * only the actions that apply (shared-content's lifecycle bar).
 *
 *  - `draft`: never shown; edits change the item itself.
 *  - `scheduled`: published, shown between its start and its (optional) end.
 *  - `public`: live.
 *  - `cancelled`: stopped; it can be published again.
 *
 * While an item is `public` or `scheduled`, visitors are served its published version and edits go
 * to a draft beside it ("unpublished changes") until Publish (or Discard). Each publish stores a
 * version; a version can be restored as the draft.
 */
export const CONTENT_STATUSES = CAMPAIGN_STATUSES;
export type ContentStatus = CampaignStatus;

/** Statuses whose published version visitors are (or will be) served: edits there go to a draft. */
export const SERVED_STATUSES: readonly ContentStatus[] = ['public', 'scheduled'];

/** The actions on one item, the kind's permission action each needs, and the statuses it applies from. */
export const LIFECYCLE_ACTIONS = {
  /** Goes live now (a live item: its unpublished changes go live). */
  publish: { permission: 'update', from: ['draft', 'cancelled', 'scheduled', 'public'] },
  /** Published, shown from a start until an optional end. */
  schedule: { permission: 'update', from: ['draft', 'cancelled', 'scheduled', 'public'] },
  /** Stops showing; the item stays, and can be published again. */
  cancel: { permission: 'cancel', from: ['draft', 'scheduled', 'public'] },
  /** A copy, as a draft. */
  duplicate: { permission: 'duplicate', from: ['draft', 'scheduled', 'public', 'cancelled'] },
  /** Drops the unpublished changes of a live item. */
  discardDraft: { permission: 'update', from: ['scheduled', 'public', 'draft', 'cancelled'] },
} as const satisfies Record<string, { permission: 'update' | 'cancel' | 'duplicate'; from: readonly ContentStatus[] }>;
export type LifecycleAction = keyof typeof LIFECYCLE_ACTIONS;

/** What an item's state is for the lifecycle: its status, and whether it has unpublished changes. */
export interface LifecycleState {
  status: ContentStatus;
  hasDraft: boolean;
}

/** Whether `action` applies to an item now (publishing a live item needs changes to publish; discarding needs a draft). */
export function canAct(action: LifecycleAction, item: LifecycleState): boolean {
  if (!(LIFECYCLE_ACTIONS[action].from as readonly ContentStatus[]).includes(item.status)) return false;
  if (action === 'publish' && item.status === 'public') return item.hasDraft;
  if (action === 'discardDraft') return item.hasDraft;
  return true;
}

/** Whether an edit of an item in this state goes to its draft (visitors keep the published version). */
export const editsGoToDraft = (item: LifecycleState) => item.hasDraft || SERVED_STATUSES.includes(item.status);

/** The status a kind added later starts in (each kind's descriptor says its own: content-kinds.ts). */
export const NEW_KIND_CREATED_STATUS: ContentStatus = 'draft';

export const NOTHING_TO_PUBLISH_MESSAGE = msg('campaigns.nothingToPublish');
export const ACTION_NOT_ALLOWED_MESSAGE = msg('campaigns.actionNotAllowed');

import type { CampaignPermissionResource, ContentKindData, popupCalls, WorkspaceService } from 'contracts';
import type { LifecycleCalls } from '../lifecycle/api/lifecycle-calls';

/** The CASL subjects of the content services (the permission resources, as the kinds' descriptors name them). */
export type ContentSubject = CampaignPermissionResource;

/** A call with its path loosened, so the popups' and the banners' calls of one shape share a type. */
type AnyPath<C> = Omit<C, 'path'> & { path: string };

/** The calls of what visitors said about a campaign: comments and reactions (popups and banners only). */
export interface FeedbackCalls {
  listComments: AnyPath<typeof popupCalls.listComments>;
  listReacts: AnyPath<typeof popupCalls.listReacts>;
  countReacts: AnyPath<typeof popupCalls.countReacts>;
}

/**
 * One kind of campaign (popup, banner, push notification) as the screens they share (list and view)
 * see it, derived from the kind's descriptor (contracts' content-kinds.ts) by `kindScreens`, so the
 * shared screens never branch on which kind they show and no kind is described twice.
 */
export interface CampaignKindScreens<Search extends string = string> {
  /**
   * The remote's translation namespace. The shared list and dialog read their texts there (list.*,
   * columns.*, values.*, feedback.*, and `{i18nKey}.list.*` / `{i18nKey}.actions.*`), so each remote
   * words its own content.
   */
  namespace: string;
  /** Translation prefix in that namespace and test-id stem. */
  i18nKey: string;
  /** The kind, as workspaces call it (their `service`). */
  service: WorkspaceService;
  /** CASL subject of the actions: the permission resource (posts, banners, pushNotification). */
  subject: ContentSubject;
  /** The duplicate permission's action on `subject`: `duplicate` (`duplicate_posts`), or the kind's own spelling. */
  duplicateAction: 'duplicate' | 'duplication';
  /** Route base, the console's fixed route: /posts, /banners, /push_notification. */
  basePath: string;
  /** The list call's title search parameter (it differs per call): one of its query's. */
  searchParam: Search;
  /** The item's field holding the title it is named by (the questions name it). */
  titleField: string;
  /** Comments and reactions are kept for popups and banners only. */
  feedback?: FeedbackCalls;
  /** The lifecycle's calls (publish, schedule, discard, versions): every kind has them. */
  lifecycle: LifecycleCalls;
}

/**
 * The create route's workspace segment older links hold for "no workspace" (`workspace: null` in the
 * contracts): still read; new links say `/{kind}/create` (creating never requires a workspace, and
 * "All workspaces" chooses none).
 */
export const NO_WORKSPACE = 'none';

/** The create route's `{id}` → the new document's workspace (null = none). */
export const workspaceOfCreateRoute = (id: string | undefined): string | null => (!id || id === NO_WORKSPACE ? null : id);

/** The create route of a kind in the chosen workspace ('' = all workspaces: in none). */
export const createPath = (kind: Pick<CampaignKindScreens, 'basePath'>, workspaceId: string) =>
  workspaceId ? `${kind.basePath}/${encodeURIComponent(workspaceId)}/create` : `${kind.basePath}/create`;

/** A kind's descriptor as the console reads it (contracts' content-kinds.ts). */
type ScreensDescriptor<Search extends string> = Pick<ContentKindData<WorkspaceService>, 'kind' | 'resource' | 'screens' | 'duplicateAction' | 'titleField'> & {
  titleParam: Search;
  calls: LifecycleCalls & Partial<FeedbackCalls>;
};

/** The shared list and view screens' data of one kind, from its descriptor. */
export function kindScreens<Search extends string>(descriptor: ScreensDescriptor<Search>): CampaignKindScreens<Search> {
  const { calls } = descriptor;
  const feedback =
    calls.listComments && calls.listReacts && calls.countReacts
      ? { listComments: calls.listComments, listReacts: calls.listReacts, countReacts: calls.countReacts }
      : undefined;
  return {
    namespace: descriptor.screens.namespace,
    i18nKey: descriptor.screens.i18nKey,
    service: descriptor.kind,
    subject: descriptor.resource,
    duplicateAction: descriptor.duplicateAction ?? 'duplicate',
    basePath: descriptor.screens.basePath,
    searchParam: descriptor.titleParam,
    titleField: descriptor.titleField,
    ...(feedback ? { feedback } : {}),
    lifecycle: calls,
  };
}

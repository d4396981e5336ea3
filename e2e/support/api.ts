import { callUrl } from '../../contracts/src/call';
import {
  bannerKind,
  checklistKind,
  tourKind,
  CONTENT_KIND_DESCRIPTORS,
  CONTENT_KIND_LIST,
  popupKind,
  type DescribedKind,
} from '../../contracts/src/content-kinds';
import { Outbox } from './outbox';

/** GET /api/websites/{id}/settings: how the website script paces what it shows. */
export interface WebsiteDeliverySettings {
  interruptionsPerDay: number;
  pushesBesidePopup: boolean;
  quietAfterCloseSeconds: number;
  timeZone: string;
}

/**
 * A thin HTTP client of the Signpost API for test set-up (users, roles, tokens). The tests assert on
 * what the console shows; this only prepares the data they need, over the same calls the console uses.
 */
export const SEEDED_ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL ?? 'admin@signpost.local',
  password: process.env.SEED_ADMIN_PASSWORD ?? 'Signpost-admin-1',
  organisation: 'Demo Organisation',
  website: 'Demo website',
  domain: 'localhost:3005',
} as const;

export interface ApiUser {
  _id: string;
  name: string;
  email: string;
  websites: { _id: string; name: string; domain?: string }[];
  roles?: { _id: string; name: string; permissions: string[] }[];
}

export interface ApiSession {
  accessToken: string;
  refreshToken: string;
  refreshTokenExpiresAt: string;
  user: ApiUser;
  /** The first of the user's websites, sent as the Activewebsite header. */
  activeWebsite: string | null;
}

export class ApiError extends Error {
  public constructor(
    public readonly status: number,
    public readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export class SignpostApi {
  public constructor(public readonly baseURL: string) {}

  private async call<T>(method: string, path: string, { body, session }: { body?: unknown; session?: ApiSession } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session) {
      headers.authorization = `Bearer ${session.accessToken}`;
      if (session.activeWebsite) headers.activewebsite = session.activeWebsite;
    }
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    if (!res.ok) throw new ApiError(res.status, parsed, `${method} ${path}`);
    return parsed as T;
  }

  /** POST /api/auth/login. */
  public async login(email: string, password: string): Promise<ApiSession> {
    const { data } = await this.call<{
      data: {
        access_token: string;
        refresh_token: string;
        refresh_token_expires_at: string;
        user: ApiUser;
      };
    }>('POST', '/api/auth/login', { body: { email, password } });
    return {
      accessToken: data.access_token,
      refreshToken: data.refresh_token,
      refreshTokenExpiresAt: data.refresh_token_expires_at,
      user: data.user,
      activeWebsite: data.user.websites[0]?._id ?? null,
    };
  }

  /**
   * Cancels every public popup, banner, push notification and product tour of the session's website: what other
   * specs published would otherwise show on the demo site too (a modal popup over the page).
   */
  public async cancelPublished(session: ApiSession): Promise<void> {
    for (const { calls } of CONTENT_KIND_LIST) {
      // Live now or later: both are shown to visitors.
      for (const status of ['public', 'scheduled']) {
        const page = await this.call<{ docs: { _id: string }[] }>('GET', `${callUrl(calls.list)}?status=${status}&pageSize=1000`, { session });
        for (const doc of page.docs) await this.call(calls.cancel.method, callUrl(calls.cancel, { id: doc._id }), { session });
      }
    }
  }

  /** The checklist's stats-user call: its funnel and a page of visitors with their tasks done. */
  public checklistStats(
    session: ApiSession,
    id: string,
  ): Promise<{ docs: { visitorId: string; tasks: { id: string }[]; completedAt: string | null }[]; stats: { seen: number; completed: number } }> {
    const { statsUser } = checklistKind.calls;
    return this.call(statsUser.method, callUrl(statsUser, { id }), { session });
  }

  /** GET /api/websites/{id}/identity-verification for the session's website: required or not, and the identity secret. */
  public identityVerification(session: ApiSession): Promise<{ required: boolean; secret: string; previousSecretExpiresAt: string | null }> {
    return this.call('GET', `/api/websites/${session.activeWebsite}/identity-verification`, { session });
  }

  /** A product tour written through the tours API (create, update) and published; answers its id and its steps' ids. */
  public async publishTour(session: ApiSession, body: Record<string, unknown>): Promise<{ id: string; steps: string[] }> {
    const { create, update, publish } = tourKind.calls;
    const created = await this.call<{ data: { _id: string } }>(create.method, callUrl(create), { session });
    const id = created.data._id;
    const saved = await this.call<{ data: { steps: { id: string }[] } }>(update.method, callUrl(update, { id }), { session, body });
    await this.call(publish.method, callUrl(publish, { id }), { session });
    return { id: created.data._id, steps: saved.data.steps.map((s) => s.id) };
  }

  /** A checklist written through the checklists API (create) and published: its id. */
  public async publishChecklist(session: ApiSession, body: Record<string, unknown>): Promise<string> {
    const { create, publish } = checklistKind.calls;
    const created = await this.call<{ data: { _id: string } }>(create.method, callUrl(create), { session, body });
    const id = created.data._id;
    await this.call(publish.method, callUrl(publish, { id }), { session });
    return id;
  }

  /** The tour's stats call: the step funnel and the elements not found. */
  public tourStats(
    session: ApiSession,
    id: string,
  ): Promise<{
    data: {
      funnel: { started: number; completed: number; snoozed: number; steps: { id: string; seen: number }[] };
      missingElements: { stepId: string | null; page: string; selector: string; count: number }[];
    };
  }> {
    const { stats } = tourKind.calls;
    return this.call(stats.method, callUrl(stats, { id }), { session });
  }

  /** PUT /api/bubble/my-website for the session's website: the messenger's config (empty: the defaults). */
  public async putBubble(session: ApiSession, config: Record<string, unknown> = {}): Promise<void> {
    await this.call('PUT', '/api/bubble/my-website', { session, body: config });
  }

  /** Publishes a tour already written (by the on-page builder, say). */
  public async publishExistingTour(session: ApiSession, id: string): Promise<void> {
    const { publish } = tourKind.calls;
    await this.call(publish.method, callUrl(publish, { id }), { session });
  }

  /** A draft product tour with a title and no steps (what the on-page builder fills): its id. */
  public async createDraftTour(session: ApiSession, title: string): Promise<string> {
    const { create, update } = tourKind.calls;
    const { data } = await this.call<{ data: { _id: string } }>(create.method, callUrl(create), { session });
    await this.call(update.method, callUrl(update, { id: data._id }), { session, body: { title } });
    return data._id;
  }

  public loginAsAdmin(): Promise<ApiSession> {
    return this.login(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  }

  /** Status of a login attempt, without throwing (for "the old password no longer works"). */
  public async loginStatus(email: string, password: string): Promise<number> {
    try {
      await this.login(email, password);
      return 200;
    } catch (err) {
      if (err instanceof ApiError) return err.status;
      throw err;
    }
  }

  /** PUT /api/users/profile-update (name, e-mail, avatar of the caller). */
  public updateProfile(session: ApiSession, profile: { name: string; email: string; avatar?: string | null }): Promise<unknown> {
    return this.call('PUT', '/api/users/profile-update', {
      session,
      body: { avatar: null, ...profile },
    });
  }

  /** The whole reset flow over HTTP (forgot-password, the mail's token, reset-password): for clean-ups. */
  public async resetPasswordThroughOutbox(outbox: Outbox, email: string, password: string): Promise<void> {
    const since = new Date(Date.now() - 1000);
    await this.call('POST', '/api/auth/forgot-password', { body: { email } });
    const link = Outbox.resetLink(await outbox.waitFor(email, { since }));
    const token = new URL(link).searchParams.get('token');
    await this.call('PUT', '/api/auth/reset-password', {
      body: { token, password, confirmPassword: password },
    });
  }

  /** GET /api/roles: role id by role name, in the caller's organisation. */
  public async roleIds(session: ApiSession): Promise<Record<string, string>> {
    const page = await this.call<{ docs: { _id: string; name: string }[] }>('GET', '/api/roles?pageSize=100', { session });
    return Object.fromEntries(page.docs.map((r) => [r.name, r._id]));
  }

  /**
   * POST /api/users/org: the owner adds a user to their organisation with the given role ids (and,
   * here, a password so the user can sign in at once).
   */
  public createOrgUser(session: ApiSession, user: { name: string; email: string; password: string; roles: string[] }): Promise<unknown> {
    return this.call('POST', '/api/users/org', { session, body: user });
  }

  /** POST /api/segment: a saved audience of the session's website (its rule tree as the audience builder saves it). */
  public async createSegment(session: ApiSession, name: string, audience: unknown): Promise<string> {
    const saved = await this.call<{ data: { _id: string } }>('POST', '/api/segment', { session, body: { name, audience } });
    return saved.data._id;
  }

  /** The kind's bulk delete with one id: removes content a test published, so later visitors do not see it. */
  public deleteContent(session: ApiSession, kind: DescribedKind, id: string): Promise<unknown> {
    const { calls, deleteField } = CONTENT_KIND_DESCRIPTORS[kind];
    return this.call(calls.deleteMany.method, callUrl(calls.deleteMany), { session, body: { [deleteField]: [id] } });
  }

  /** POST /api/workspaces (in the session's active website): the new workspace's id. */
  public async createWorkspace(session: ApiSession, workspace: { name: string; icon: string; service: 'popup' | 'banner' | 'push' }): Promise<string> {
    const { data } = await this.call<{ data: { _id: string } }>('POST', '/api/workspaces', { session, body: workspace });
    return data._id;
  }

  /** Creates a popup: a one-page text popup titled `title` in `workspace` (`fields` replace the defaults); its id. */
  public async createPopup(session: ApiSession, title: string, workspace: string | null, fields: Record<string, unknown> = {}): Promise<string> {
    const body = { titleOfPopup: { label: title }, content: [{ id: 'p1', content: [{ id: 'b1', kind: 'text', text: title }] }], workspace, ...fields };
    const { data } = await this.call<{ data: { _id: string } }>(popupKind.calls.create.method, callUrl(popupKind.calls.create), { session, body });
    return data._id;
  }

  /**
   * Creates a banner (`?draft=true`: saved as a draft, not live): a banner titled `banner` (its text
   * the same), or with these fields (the rest defaulted by the API); the new banner's id.
   */
  public async createBanner(session: ApiSession, banner: string | Record<string, unknown>, { draft = false } = {}): Promise<string> {
    const body = typeof banner === 'string' ? { titleOfBanner: banner, content: banner } : banner;
    const { data } = await this.call<{ data: { _id: string } }>(
      bannerKind.calls.create.method,
      `${callUrl(bannerKind.calls.create)}${draft ? '?draft=true' : ''}`,
      {
        session,
        body,
      },
    );
    return data._id;
  }

  /** The popups whose title contains `title` (the list's title search), with their status. */
  public async findPopups(session: ApiSession, title: string): Promise<{ _id: string; title: string; status: string }[]> {
    const page = await this.call<{ docs: { _id: string; title: string; status: string }[] }>(
      'GET',
      `${callUrl(popupKind.calls.list)}?${popupKind.titleParam}=${encodeURIComponent(title)}&pageSize=100`,
      {
        session,
      },
    );
    return page.docs;
  }

  /** The kind's publish call: live now. */
  public publish(session: ApiSession, kind: DescribedKind, id: string): Promise<unknown> {
    const { publish } = CONTENT_KIND_DESCRIPTORS[kind].calls;
    return this.call(publish.method, callUrl(publish, { id }), { session });
  }

  /** The kind's duplicate call: a draft copy (its targeting too); the copy's id. */
  public async duplicate(session: ApiSession, kind: DescribedKind, id: string): Promise<string> {
    const { duplicate } = CONTENT_KIND_DESCRIPTORS[kind].calls;
    const { data } = await this.call<{ data: { _id: string } }>(duplicate.method, callUrl(duplicate, { id }), { session });
    return data._id;
  }

  /** GET / PUT /api/websites/{id}/settings: the website's delivery settings. */
  public websiteSettings(session: ApiSession): Promise<{ data: WebsiteDeliverySettings }> {
    return this.call('GET', `/api/websites/${session.activeWebsite}/settings`, { session });
  }

  public setWebsiteSettings(session: ApiSession, settings: Partial<WebsiteDeliverySettings> & { interruptionsPerDay: number }): Promise<unknown> {
    return this.call('PUT', `/api/websites/${session.activeWebsite}/settings`, { session, body: settings });
  }

  /** POST /api/roles: the new role's id. */
  public async createRole(session: ApiSession, role: { name: string; permissions: string[] }): Promise<string> {
    const { data } = await this.call<{ data: { _id: string } }>('POST', '/api/roles', { session, body: role });
    return data._id;
  }

  /** DELETE /api/roles/{id} (a role nobody holds). */
  public deleteRole(session: ApiSession, id: string): Promise<unknown> {
    return this.call('DELETE', `/api/roles/${id}`, { session });
  }
}

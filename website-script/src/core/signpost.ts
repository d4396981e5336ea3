import { pageRuleMatches, SCRIPT_PATHS } from 'contracts/script';
import type { ScriptItem } from '../surfaces/types';
import { detectDevice, type Device } from './device';
import { EventQueue } from './event-queue';
import { watchPageChanges } from './page-changes';
import { ProgressKeeper, type ProgressEntry } from './progress';
import { newId } from './ids';
import { loadedLocale, loadTexts } from './language';
import { tourPlays, type TourProgress } from './tours';
import { webStore, type KeyValueStore } from './storage';
import { SurfaceManager, type SurfaceManagerOptions } from './surface-manager';
import { SCRIPT_VERSION } from './version';
import { Visitor } from './visitor';
import { VisitorTokenStore } from './visitor-tokens';
import { pushSubscribed } from './push-flag';
import type { AskPushOptions, PushOutcome } from './web-push';
import type { BubbleConfig } from 'contracts';
import type { Messenger, TasksProvider } from '../messenger';

export interface SignpostConfig {
  /** The website's public key (`.k` of the snippet). */
  websiteKey: string;
  /** The API's base URL, no trailing slash (`.a` of the snippet). */
  apiUrl: string;
  win?: Window;
  fetch?: typeof fetch;
  local?: KeyValueStore;
  session?: KeyValueStore;
  loaders?: SurfaceManagerOptions['loaders'];
  eventDelayMs?: number;
  /**
   * The tab of an author building a tour: it asks for no content, whatever triggers it (the page's own
   * `identify` or `page` calls, a navigation), so no popup covers the page being pointed at.
   */
  authoring?: boolean;
}

/**
 * What `signpost('identify', …)` takes: `id` is required, `name`/`email` are known, `userHash` is the
 * identity verification (HMAC-SHA256 of the id with the website's identity secret, made by the
 * customer's server), the rest are attributes.
 */
export type Traits = { id: string | number; name?: string; email?: string; userHash?: string; [attribute: string]: unknown };

/** Custom events kept in the page until the API has a call for them (see README). */
export const MAX_TRACKED = 100;

const TEXT_PLAIN = 'text/plain;charset=UTF-8';
/** Ids of shown items the content call lists at most (the API reads no more). */
const MAX_LISTED = 50;

/**
 * The core every visitor runs: the visitor id, the commands of the page (`identify`, `track`, `page`,
 * `reset`), one "what to show now" call per page view, page changes of single-page apps, and the
 * event queue.
 */
export class Signpost {
  readonly visitor: Visitor;
  readonly tokens: VisitorTokenStore;
  readonly events: EventQueue;
  readonly surfaces: SurfaceManager;
  readonly device: Device;
  /** The visitor's progress in tours and checklists (surfaces read and write it through their context). */
  readonly progress: ProgressKeeper;
  private readonly win: Window;
  /** Per served checklist, the task ids the server saw this visitor do (the last content call). */
  private checklistsDone: Record<string, string[]> = {};
  private readonly fetch: typeof fetch;
  private readonly local: KeyValueStore;
  private readonly session: KeyValueStore;
  /** Identify calls in flight: a content request waits for them, so audiences see the identified person. */
  private identifying: Promise<unknown> = Promise.resolve();
  private contentRequested: Promise<void> | null = null;
  /** The content call on its way (a token asked for while it runs waits for it rather than asking again). */
  private contentInFlight: Promise<void> | null = null;
  private contentAbort: AbortController | null = null;
  private stopWatching: () => void = () => undefined;
  /** The website's messenger config (from the content answer), and the messenger once its chunk is loaded. */
  private messengerConfig: BubbleConfig | null = null;
  private messenger: Promise<Messenger | null> | null = null;
  private openWanted = false;

  constructor(private readonly config: SignpostConfig) {
    this.win = config.win ?? window;
    this.fetch = config.fetch ?? ((...args) => this.win.fetch(...args));
    this.local = config.local ?? webStore('localStorage');
    this.session = config.session ?? webStore('sessionStorage');
    this.visitor = new Visitor(this.local, config.websiteKey);
    this.tokens = new VisitorTokenStore(this.local, config.websiteKey);
    this.device = detectDevice(this.win);
    const nav = this.win.navigator;
    this.events = new EventQueue({
      url: this.url(SCRIPT_PATHS.events),
      store: this.local,
      storageKey: `signpost:events:${config.websiteKey}`,
      tokens: {
        get: (visitorId) => this.tokens.get(visitorId),
        forget: (visitorId) => this.tokens.forget(visitorId),
        // Only the content call gives tokens, and only for the visitor this page is now.
        renew: async (visitorId) => {
          if (visitorId !== this.visitor.id) return false;
          await (this.contentInFlight ?? this.requestContent());
          return true;
        },
      },
      fetch: this.fetch,
      sendBeacon: typeof nav.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined,
      delayMs: config.eventDelayMs,
      version: SCRIPT_VERSION,
    });
    this.progress = new ProgressKeeper({
      store: this.local,
      websiteKey: config.websiteKey,
      visitorId: () => this.visitor.id,
      send: (visitorId, entries, beacon) => this.sendProgress(visitorId, entries, beacon),
      delayMs: config.eventDelayMs,
    });
    this.surfaces = new SurfaceManager({
      loaders: config.loaders,
      prepare: loadTexts,
      report: (type, item) => this.events.push({ type, visitorId: this.visitor.id, contentId: item.id }),
      // The quiet period after an interruptive item ends holds across the visit's pages (sessionStorage).
      lastEnd: {
        get: () => Number(this.session.get(`signpost:quiet:${config.websiteKey}`)) || 0,
        set: (at) => this.session.set(`signpost:quiet:${config.websiteKey}`, String(at)),
      },
      doc: this.win.document,
      context: (item) => ({
        locale: loadedLocale(this.win.document, nav),
        emit: (type, fields) => this.events.push({ type, visitorId: this.visitor.id, contentId: item.id, ...fields }),
        asset: (url) => this.asset(url),
        progress: { get: () => this.progress.get(item.id), set: (state) => this.progress.set(item.id, state) },
        visit: this.visit(),
        serverDone: () => this.checklistsDone[item.id] ?? [],
        tasksSpace: () => this.tasksSpace(),
      }),
      accept: (item) => item.kind !== 'tour' || tourPlays(item, this.progress.get(item.id), this.win.location.href, this.visit()),
    });
  }

  /** Starts on the page: the session event, page-change detection, flushing on exit. */
  start() {
    this.startSession();
    this.stopWatching = watchPageChanges(this.win, (href) => {
      // Surfaces first (a tour step advanced by reaching this page writes its progress at once).
      this.surfaces.pageChanged(href);
      void this.requestContent();
    });
    const leave = () => {
      this.events.flushWithBeacon();
      void this.progress.flush(true);
    };
    this.win.addEventListener('pagehide', leave);
    const onVisibility = () => {
      if (this.win.document.visibilityState === 'hidden') leave();
    };
    this.win.document.addEventListener('visibilitychange', onVisibility);
    const stop = this.stopWatching;
    this.stopWatching = () => {
      stop();
      this.win.removeEventListener('pagehide', leave);
      this.win.document.removeEventListener('visibilitychange', onVisibility);
    };
  }

  stop() {
    this.stopWatching();
    this.contentAbort?.abort();
    this.surfaces.clear();
  }

  /** Runs one command of the page's `signpost(…)`. Unknown commands and bad arguments warn, never throw. */
  command(name: unknown, ...args: unknown[]): void {
    switch (name) {
      case 'identify':
        this.identify(args[0] as Traits);
        return;
      case 'track':
        this.track(args[0], args[1]);
        return;
      case 'page':
        void this.requestContent();
        return;
      case 'reset':
        this.reset();
        return;
      case 'startTour':
        this.startTour(args[0]);
        return;
      case 'debug':
        void this.debug();
        return;
      case 'open':
        this.openMessenger();
        return;
      case 'askPushPermission':
        void this.askPushPermission(args[0] as AskPushOptions | undefined).then((outcome) => {
          if (typeof args[1] === 'function') (args[1] as (o: PushOutcome) => void)(outcome);
        });
        return;
      case 'close':
        void this.messenger?.then((m) => m?.close());
        this.openWanted = false;
        return;
      default:
        console.warn(`[signpost] unknown command ${String(name)}; use identify, track, page, reset, startTour, debug, open, close or askPushPermission`);
    }
  }

  identify(traits: Traits): Promise<unknown> {
    if (!traits || typeof traits !== 'object' || traits.id == null || traits.id === '') {
      console.warn("[signpost] identify needs an object with an id: signpost('identify', { id: 'user-1', … })");
      return Promise.resolve();
    }
    const { id, name, email, userHash, ...rest } = traits;
    const attributes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) attributes[key] = value instanceof Date ? value.toISOString() : value;
    const body = JSON.stringify({
      visitorId: this.visitor.id,
      externalId: String(id),
      ...(name != null ? { name: String(name) } : {}),
      ...(email != null ? { email: String(email) } : {}),
      ...(Object.keys(attributes).length ? { attributes } : {}),
      ...(userHash != null ? { userHash: String(userHash) } : {}),
    });
    if (body === this.visitor.identity) return Promise.resolve();
    const sent = this.fetch(this.url(SCRIPT_PATHS.identify), { method: 'POST', credentials: 'omit', headers: { 'content-type': TEXT_PLAIN }, body })
      .then(async (res) => {
        if (res.ok) {
          this.visitor.identity = body;
          // Who the visitor is changes the audiences they belong to: ask again what to show.
          void this.requestContent().then(() => this.messenger?.then((m) => m?.refresh()));
          return;
        }
        const answer = (await res.json().catch(() => null)) as { message?: string; errors?: unknown } | null;
        console.warn(`[signpost] identify refused (${res.status}): ${answer?.message ?? ''}`, answer?.errors ?? '');
        // The visitor stays anonymous: say how to fix it, since the page's author reads this console.
        if (res.status === 401)
          console.warn('[signpost] identity not verified: pass userHash, HMAC-SHA256(identity secret, id) computed on your server (installation guide)');
      })
      .catch(() => console.warn('[signpost] identify failed: network error'));
    this.identifying = this.identifying.then(() => sent);
    return sent;
  }

  /**
   * Custom events: sent to the server as `track` events (checklists complete tasks on them; audiences
   * and statistics read them), told to the page's surfaces at once (`signpost:track`), and the last
   * MAX_TRACKED kept in this browser.
   */
  track(name: unknown, props?: unknown) {
    if (typeof name !== 'string' || !name.trim()) {
      console.warn("[signpost] track needs an event name: signpost('track', 'signed-up', { plan: 'pro' })");
      return;
    }
    const key = `signpost:track:${this.config.websiteKey}`;
    let kept: unknown[] = [];
    try {
      const parsed: unknown = JSON.parse(this.local.get(key) ?? '[]');
      if (Array.isArray(parsed)) kept = parsed;
    } catch {}
    kept.push({ name: name.trim(), props: props ?? {}, visitorId: this.visitor.id, occurredAt: new Date().toISOString() });
    this.local.set(key, JSON.stringify(kept.slice(-MAX_TRACKED)));
    this.events.push({ type: 'track', visitorId: this.visitor.id, name: name.trim().slice(0, 100) });
    this.win.dispatchEvent(new CustomEvent('signpost:track', { detail: { name: name.trim() } }));
  }

  /**
   * `signpost('startTour', id)` from the customer's own button (or a checklist's Start): the tour starts
   * at its first step, whatever the visitor did with it before (the server still decides whether they
   * are in its audience). From another page than its first step's, the visitor is taken there (a page
   * pattern cannot be gone to: the tour starts when they reach one); the console says why when it
   * cannot start.
   */
  startTour(id: unknown) {
    if (typeof id !== 'string' || !id) {
      console.warn("[signpost] startTour needs the tour's id: signpost('startTour', 'the-tour-id')");
      return;
    }
    const state: TourProgress = { step: 0, status: 'active' };
    this.progress.set(id, { ...state });
    if (this.surfaces.item(id)) {
      if (this.goToFirstPage(id)) this.surfaces.restart(id);
      return;
    }
    void this.requestContent().then(() => {
      if (!this.surfaces.item(id))
        console.warn(`[signpost] startTour: tour ${id} is not live for this visitor here (a draft, ended, or not in its audience); signpost('debug') says why`);
      else this.goToFirstPage(id);
    });
  }

  /** True when the tour's first step can show on this page; else goes to its page (or says it waits for one). */
  private goToFirstPage(id: string): boolean {
    const item = this.surfaces.item(id);
    const rule = item?.kind === 'tour' ? (item.tour.steps[0]?.url ?? '') : '';
    const href = this.win.location.href;
    if (!rule || pageRuleMatches(rule, href)) return true;
    if (rule.includes('*')) {
      console.info(`[signpost] startTour: tour ${id} starts on a page matching ${rule}; it starts when the visitor reaches one`);
      return false;
    }
    console.info(`[signpost] startTour: tour ${id} starts on ${rule}: going there`);
    this.win.location.assign(new URL(rule, href).href);
    return false;
  }

  /** This visit's id (a browser session): a snoozed tour comes back on the next one. */
  visit(): string {
    const key = `signpost:visit:${this.config.websiteKey}`;
    let id = this.session.get(key);
    if (!id) this.session.set(key, (id = newId()));
    return id;
  }

  /** A new anonymous visitor: forgets the id and identity, removes what was shown, starts a new session. */
  reset() {
    this.visitor.reset();
    this.surfaces.clear();
    this.session.remove(this.sessionKey());
    this.startSession();
    void this.requestContent().then(() => this.messenger?.then((m) => m?.refresh()));
  }

  /**
   * The messenger's chunk loads only when its launcher is shown or the page opens it: a page without
   * the messenger never downloads it. Opening before the content answer came waits for its config.
   */
  openMessenger() {
    this.openWanted = true;
    if (this.messengerConfig) void this.loadMessenger(this.messengerConfig).then((m) => m?.open());
  }

  private applyMessenger(config: BubbleConfig | undefined) {
    if (!config) return;
    this.messengerConfig = config;
    if (this.messenger) void this.messenger.then((m) => m?.update(config));
    else if (config.launcher_settings.show_launcher || this.openWanted)
      void this.loadMessenger(config).then((m) => {
        if (this.openWanted) m?.open();
      });
  }

  /** The messenger's Tasks space when the website shows its messenger with one (checklists go there). */
  private tasksSpace() {
    const config = this.messengerConfig;
    if (!config?.launcher_settings.show_launcher || !config.open_config.spaces.some((s) => s.type === 'tasks')) return null;
    return { set: (provider: TasksProvider | null) => void this.loadMessenger(config).then((m) => m?.setTasks(provider)) };
  }

  private loadMessenger(config: BubbleConfig): Promise<Messenger | null> {
    return (this.messenger ??= Promise.all([import(/* webpackChunkName: "messenger" */ '../messenger'), loadTexts()])
      .then(([{ mount }]) =>
        mount({
          config,
          locale: loadedLocale(this.win.document, this.win.navigator),
          apiUrl: this.config.apiUrl,
          websiteKey: this.config.websiteKey,
          local: this.local,
          fetch: this.fetch,
          token: async () => {
            const id = this.visitor.id;
            if (!this.tokens.get(id)) await (this.contentInFlight ?? this.requestContent());
            return this.tokens.get(id);
          },
        }),
      )
      .catch((error: unknown) => {
        console.warn('[signpost] the messenger failed to load', error);
        this.messenger = null;
        return null;
      }));
  }

  /**
   * `signpost('askPushPermission', { softPrompt?, serviceWorker? }, callback?)`: subscribes this
   * visitor to the website's push notifications (web-push.ts); the callback gets the outcome.
   */
  askPushPermission(options: AskPushOptions = {}): Promise<PushOutcome> {
    return import(/* webpackChunkName: "web-push" */ './web-push').then(({ askPushPermission }) =>
      askPushPermission(
        {
          win: this.win,
          fetch: this.fetch,
          local: this.local,
          websiteKey: this.config.websiteKey,
          apiUrl: this.config.apiUrl,
          url: (path) => this.url(path),
          visitorId: () => this.visitor.id,
          token: async () => {
            if (!this.tokens.get(this.visitor.id)) await this.requestContent();
            return this.tokens.get(this.visitor.id);
          },
          softPrompt: () => import(/* webpackChunkName: "push-prompt" */ '../surfaces/push-prompt').then((m) => m.softPrompt()),
        },
        options && typeof options === 'object' ? options : {},
      ),
    );
  }

  /**
   * `signpost('debug')`: prints in the console, for each live item of the website, why it shows or
   * not to this visitor on this page: the server's own explanation (the console's "Check a visitor"),
   * asked with this visitor's token, so a page learns nothing about anyone else; first, the events of
   * this page the API refused, and why.
   */
  async debug(): Promise<void> {
    // What the API refused of this page's events, and why (the rest of their batches was kept).
    for (const e of this.events.refused) console.info(`[signpost] event refused: ${e.type}${e.contentId ? ` on ${String(e.contentId)}` : ''}: ${e.reason}`);
    const visitorId = this.visitor.id;
    if (!this.tokens.get(visitorId)) await this.requestContent();
    const token = this.tokens.get(visitorId);
    if (!token) {
      console.warn('[signpost] debug: no visitor token yet (the content call did not answer)');
      return;
    }
    const body = JSON.stringify({ visitorId, token, url: this.win.location.href.slice(0, 2048), device: this.device });
    try {
      const res = await this.fetch(this.url(SCRIPT_PATHS.debug), { method: 'POST', credentials: 'omit', headers: { 'content-type': TEXT_PLAIN }, body });
      const answer = (await res.json().catch(() => null)) as import('./debug').DebugAnswer | null;
      if (!res.ok || !answer) {
        console.warn(`[signpost] debug refused (${res.status})`);
        return;
      }
      const { printDebug } = await import(/* webpackChunkName: "debug" */ './debug');
      printDebug(answer, this.win.location.href);
    } catch {
      console.warn('[signpost] debug failed: network error');
    }
  }

  /**
   * Asks the server what to show on this page now. Several requests in the same tick (a page change,
   * an identify, a `page` command) make one call, after pending identify calls; a newer call aborts
   * an older one still waiting.
   */
  requestContent(): Promise<void> {
    if (this.config.authoring) return Promise.resolve();
    if (this.contentRequested) return this.contentRequested;
    this.contentRequested = Promise.resolve()
      .then(() => this.identifying)
      .then(() => {
        this.contentRequested = null;
        return this.askContent();
      });
    return this.contentRequested;
  }

  private askContent(): Promise<void> {
    const asked = this.askContentNow();
    this.contentInFlight = asked;
    void asked.finally(() => {
      if (this.contentInFlight === asked) this.contentInFlight = null;
    });
    return asked;
  }

  private async askContentNow(): Promise<void> {
    this.contentAbort?.abort();
    const abort = (this.contentAbort = new AbortController());
    const visitorId = this.visitor.id;
    // The token the page holds makes this call the installation heartbeat; the answer brings a new one.
    const held = this.tokens.get(visitorId);
    // The page owns what is open: it says what is on screen and what it has shown, whatever events are still on their way.
    const query = new URLSearchParams({
      visitorId,
      url: this.win.location.href.slice(0, 2048),
      device: this.device,
      v: SCRIPT_VERSION,
      ...(held ? { token: held } : {}),
    });
    const open = this.surfaces.open;
    const seen = this.surfaces.seen.slice(-MAX_LISTED);
    if (open.length) query.set('open', open.join(','));
    if (seen.length) query.set('seen', seen.join(','));
    try {
      const res = await this.fetch(`${this.url(SCRIPT_PATHS.content)}?${query}`, { credentials: 'omit', signal: abort.signal });
      if (!res.ok) {
        console.warn(`[signpost] content refused (${res.status})`);
        // The server sheds visitors when busy and says when to come back: asked again then (at most a minute later).
        const wait = Number(res.headers.get('retry-after'));
        if (res.status === 503 && wait > 0) this.win.setTimeout(() => void this.requestContent(), Math.min(wait, 60) * 1000);
        return;
      }
      const answer = (await res.json()) as {
        items?: ScriptItem[];
        interruptions?: { pushesBesidePopup?: boolean; quietAfterCloseSeconds?: number };
        token?: unknown;
        tokenTtl?: unknown;
        progress?: ProgressEntry[];
        messenger?: BubbleConfig;
        checklistsDone?: Record<string, string[]>;
      };
      if (typeof answer.token === 'string' && typeof answer.tokenTtl === 'number') this.tokens.set(visitorId, answer.token, answer.tokenTtl);
      // The server's progress first (another device's, once identified), the later per item winning
      // over this page's; then what the page kept since is sent with the fresh token.
      if (visitorId === this.visitor.id && Array.isArray(answer.progress)) this.progress.merge(answer.progress);
      if (this.progress.pending) void this.progress.flush();
      if (abort.signal.aborted) return;
      this.applyMessenger(answer.messenger);
      if (answer.checklistsDone && typeof answer.checklistsDone === 'object') this.checklistsDone = answer.checklistsDone;
      const slot = answer.interruptions;
      // Once subscribed, push notifications come through the service worker (site open or not), never twice.
      const subscribed = pushSubscribed(this.local, this.config.websiteKey);
      const items = (Array.isArray(answer.items) ? answer.items : []).filter((i) => !(subscribed && i.kind === 'push'));
      await this.surfaces.show(items, {
        pushesBesidePopup: slot?.pushesBesidePopup === true,
        quietMs: (Number(slot?.quietAfterCloseSeconds) || 0) * 1000,
      });
      // Surfaces already shown (a checklist) read the page and the server's word again.
      this.win.dispatchEvent(new CustomEvent('signpost:content'));
    } catch (error) {
      if (!abort.signal.aborted) console.warn('[signpost] content failed', error);
    }
  }

  /**
   * The progress call with the visitor's token: null when there is none yet (the next content call
   * brings one and sends again) or the server refused; a beacon's answer cannot be read, so its
   * entries stay to be sent again (the later-wins rule makes that harmless).
   */
  private async sendProgress(visitorId: string, entries: ProgressEntry[], beacon: boolean): Promise<ProgressEntry[] | null> {
    const token = this.tokens.get(visitorId);
    if (!token) return null;
    const body = JSON.stringify({ token, visitorId, entries: entries.slice(-MAX_LISTED) });
    const url = this.url(SCRIPT_PATHS.progress);
    const nav = this.win.navigator;
    if (beacon && typeof nav.sendBeacon === 'function') {
      nav.sendBeacon(url, new Blob([body], { type: TEXT_PLAIN }));
      return null;
    }
    const res = await this.fetch(url, { method: 'POST', credentials: 'omit', keepalive: true, headers: { 'content-type': TEXT_PLAIN }, body });
    if (res.status === 401) this.tokens.forget(visitorId);
    if (!res.ok) return null;
    const answer = (await res.json()) as { progress?: ProgressEntry[] };
    return Array.isArray(answer.progress) ? answer.progress : null;
  }

  private startSession() {
    const key = this.sessionKey();
    if (this.session.get(key)) return;
    this.session.set(key, '1');
    this.events.push({ type: 'session', visitorId: this.visitor.id, device: this.device });
  }

  private sessionKey() {
    return `signpost:session:${this.config.websiteKey}:${this.visitor.id}`;
  }

  private url(path: string) {
    return this.config.apiUrl + path.replace(':websiteKey', encodeURIComponent(this.config.websiteKey));
  }

  private asset(url: string) {
    try {
      return new URL(url, `${this.config.apiUrl}/`).href;
    } catch {
      return url;
    }
  }
}

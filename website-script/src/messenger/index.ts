import { MESSENGER_PATHS } from 'contracts/script';
import type { Locale } from '../texts';
import type { KeyValueStore } from '../core/storage';
import { createMessengerView, type BubbleConfig, type MessengerData, type MessengerView, type TasksProvider, type VisitorConversation } from './view';

export { createMessengerView };
export type { TasksProvider };

/** What the core gives the messenger chunk. */
export interface MessengerContext {
  config: BubbleConfig;
  locale: Locale;
  apiUrl: string;
  websiteKey: string;
  local: KeyValueStore;
  /** A valid visitor token for the visitor the page is now (asks the content call for one if needed). */
  token(): Promise<string | null>;
  fetch: typeof fetch;
}

export interface Messenger {
  open(): void;
  close(): void;
  update(config: BubbleConfig): void;
  /** Another visitor now (identify, reset): their conversations are read again. */
  refresh(): void;
  /** The Tasks space's provider (a checklist), drawn at once; null hides the space. */
  setTasks(provider: TasksProvider | null): void;
  destroy(): void;
}

/** The Tasks space's provider (the checklists chunk registers one); hidden while none has tasks. */
let tasksProvider: TasksProvider | null = null;
const mounted = new Set<MessengerView>();
export function setTasksProvider(provider: TasksProvider | null) {
  tasksProvider = provider;
  for (const v of mounted) v.update({ tasks: provider });
}

const TEXT_PLAIN = 'text/plain;charset=UTF-8';
/** Without a live stream (no EventSource, or it keeps failing), the open window asks this often. */
const POLL_MS = 15_000;

/**
 * The messenger on a customer's page: the launcher (when the config shows it) and the window, the
 * visitor's conversations with the website's team, and the answers live while the window is open
 * (Server-Sent Events; a reconnect resumes from the last event id; polling when streams fail).
 */
export function mount(ctx: MessengerContext): Messenger {
  const url = (path: string, id = '') => ctx.apiUrl + path.replace(':websiteKey', encodeURIComponent(ctx.websiteKey)).replace(':id', encodeURIComponent(id));
  const stateKey = `signpost:messenger:${ctx.websiteKey}`;
  const kept = (() => {
    try {
      return JSON.parse(ctx.local.get(stateKey) ?? '{}') as { hasBeenOpened?: boolean; seenNews?: string[] };
    } catch {
      return {};
    }
  })();
  const keep = () => ctx.local.set(stateKey, JSON.stringify(kept));
  let config = ctx.config;
  const data: MessengerData = { name: null, conversations: [], news: [] };
  let stream: EventSource | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let lastEventId = '';
  let failures = 0;

  const load = async () => {
    const token = await ctx.token();
    if (!token) return;
    const res = await ctx.fetch(`${url(MESSENGER_PATHS.state)}?token=${encodeURIComponent(token)}`, { credentials: 'omit' });
    if (!res.ok) return;
    const state = (await res.json()) as MessengerData;
    data.name = state.name;
    data.conversations = state.conversations;
    data.news = state.news;
    view.update({ data });
  };

  const send = async (body: string, email: string, conversationId: string | null): Promise<VisitorConversation | null> => {
    const token = await ctx.token();
    if (!token) throw new Error('');
    const res = await ctx.fetch(url(MESSENGER_PATHS.messages), {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': TEXT_PLAIN },
      body: JSON.stringify({ token, body, ...(email ? { email } : {}), ...(conversationId ? { conversationId } : {}) }),
    });
    const answer = (await res.json().catch(() => ({}))) as { conversation?: VisitorConversation; message?: string; errors?: Record<string, string> };
    if (!res.ok) throw new Error(Object.values(answer.errors ?? {})[0] ?? answer.message ?? '');
    return answer.conversation ?? null;
  };

  const read = (id: string) =>
    void ctx.token().then((token) =>
      token
        ? ctx.fetch(url(MESSENGER_PATHS.read, id), {
            method: 'POST',
            credentials: 'omit',
            headers: { 'content-type': TEXT_PLAIN },
            body: JSON.stringify({ token }),
          })
        : null,
    );

  const listen = async () => {
    stopListening();
    if (typeof EventSource !== 'function' || failures > 3) {
      poll = setInterval(() => void load(), POLL_MS);
      return;
    }
    const token = await ctx.token();
    if (!token || !view.isOpen) return;
    const query = new URLSearchParams({ token, ...(lastEventId ? { lastEventId } : {}) });
    const source = (stream = new EventSource(`${url(MESSENGER_PATHS.live)}?${query}`));
    source.addEventListener('ready', () => (failures = 0));
    source.addEventListener('message', (e) => {
      lastEventId = e.lastEventId || lastEventId;
      try {
        view.receive(JSON.parse(e.data));
      } catch {}
    });
    // The stream ended (its lifetime, a restart) or the token expired: open it again with a fresh
    // token from where it was (EventSource's own retry would resend the old token).
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED && failures === 0) return;
      failures += 1;
      source.close();
      if (stream === source) stream = null;
      setTimeout(() => {
        if (view.isOpen && !stream) void load().then(listen);
      }, 2000);
    };
  };
  const stopListening = () => {
    stream?.close();
    stream = null;
    if (poll) clearInterval(poll);
    poll = null;
  };

  const view = createMessengerView({
    config,
    locale: ctx.locale,
    data,
    seenNews: kept.seenNews,
    tasks: tasksProvider,
    dark: false,
    onSend: send,
    onRead: read,
    onNewsSeen: (ids) => {
      kept.seenNews = ids.slice(-200);
      keep();
    },
    onOpenChange: (open) => {
      if (open) {
        if (!kept.hasBeenOpened) {
          kept.hasBeenOpened = true;
          keep();
        }
        if (!stream && !poll) void listen();
      } else stopListening();
    },
  });
  mounted.add(view);
  void load();

  return {
    open() {
      view.open();
    },
    close() {
      view.close();
    },
    update(next) {
      config = next;
      view.update({ config });
    },
    refresh() {
      data.conversations = [];
      lastEventId = '';
      void load().then(() => {
        if (view.isOpen) void listen();
      });
    },
    setTasks: setTasksProvider,
    destroy() {
      stopListening();
      mounted.delete(view);
      view.destroy();
    },
  };
}

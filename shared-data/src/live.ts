import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callUrl, staffLiveCall } from 'contracts';
import { readAccessToken, readActiveWebsite, readLanguage, refreshTokens } from 'shared-auth';
import { getApiBaseUrl } from './api-client';

export interface LiveEvent {
  /** `notification` (a new one for the active website) or `message` (in one of its conversations). */
  type: string;
  data: Record<string, unknown>;
}
type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let running: AbortController | null = null;
let lastEventId = '';
let websiteOfStream: string | null = null;
const RECONNECT_MS = 2000;
const FIRST_CONNECT_DELAY_MS = 2000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Reads one Server-Sent Events answer, calling `onEvent` for each event, until it ends. */
async function readStream(body: ReadableStream<Uint8Array>, onEvent: (id: string, type: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id = '';
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trim();
        else if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) onEvent(id, type, data.join('\n'));
    }
  }
}

/**
 * The console tab's one live stream (GET /api/live, Server-Sent Events) for the active website,
 * shared by every screen that listens (the header's bell, the conversation view): read with fetch,
 * which sends the session's Authorization and Activewebsite headers (EventSource cannot). It
 * reconnects after an end or a failure, with the last event id so nothing is missed, refreshing the
 * access token on a 401.
 */
async function run(controller: AbortController) {
  const { signal } = controller;
  // The stream never ends, so a tab holding it is never "network idle": it opens once the page has
  // loaded what it needed (what happened meanwhile is read again on its `ready`, see useLiveEvents).
  await wait(FIRST_CONNECT_DELAY_MS, signal);
  while (!signal.aborted && listeners.size > 0) {
    const token = readAccessToken();
    const website = readActiveWebsite();
    if (!token || !website) {
      await wait(RECONNECT_MS, signal);
      continue;
    }
    if (website !== websiteOfStream) lastEventId = '';
    websiteOfStream = website;
    try {
      const res = await fetch(`${getApiBaseUrl()}${callUrl(staffLiveCall)}`, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          activewebsite: website,
          'accept-language': readLanguage(),
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal,
      });
      if (res.status === 401) {
        await refreshTokens().catch(() => wait(RECONNECT_MS * 5, signal));
        continue;
      }
      if (!res.ok || !res.body) {
        await wait(RECONNECT_MS * 5, signal);
        continue;
      }
      await readStream(res.body, (id, type, data) => {
        if (id) lastEventId = id;
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(data) as Record<string, unknown>;
        } catch {}
        for (const listener of [...listeners]) listener({ type, data: parsed });
      });
    } catch {
      // A network failure or the abort: wait, then connect again (unless stopped).
    }
    await wait(RECONNECT_MS, signal);
  }
}

/** Listens to the tab's live stream; the returned function stops listening (the stream ends with the last listener). */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  if (!running) {
    const controller = (running = new AbortController());
    void run(controller).finally(() => {
      if (running === controller) running = null;
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      running?.abort();
      running = null;
    }
  };
}

/** The stream follows the active website: a switch starts it again, for the new one. */
export function restartLive() {
  if (!running) return;
  running.abort();
  running = null;
  if (listeners.size > 0) {
    const controller = (running = new AbortController());
    void run(controller).finally(() => {
      if (running === controller) running = null;
    });
  }
}

/**
 * Calls `onEvent` for each live event of the active website, and reads again the calls of the areas
 * it names (`notifications`, `conversations`) so every screen showing them is current without reload.
 */
export function useLiveEvents(onEvent?: Listener, websiteId?: string) {
  const client = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (websiteId && websiteOfStream && websiteId !== websiteOfStream) restartLive();
  }, [websiteId]);
  useEffect(
    () =>
      subscribeLive((event) => {
        // `ready`: the stream is (again) open; what came before it is read again by the ordinary calls.
        if (event.type === 'notification' || event.type === 'ready') void client.invalidateQueries({ queryKey: ['api', 'notifications'] });
        if (event.type === 'message' || event.type === 'ready') void client.invalidateQueries({ queryKey: ['api', 'conversations'] });
        handler.current?.(event);
      }),
    [client],
  );
}

import { bannerItem, popupItem, pushItem, tourItem } from '../../test/fixtures';
import type { ScriptItem, SurfaceContext, SurfaceModule } from '../surfaces/types';
import { pageLocale } from '../page-locale';
import { SurfaceManager, type SlotSettings } from './surface-manager';

function setup(lastEnd?: { get(): number; set(at: number): void }) {
  const mounted: string[] = [];
  const destroyed: string[] = [];
  const reports: string[] = [];
  const dismissers = new Map<string, SurfaceContext['dismiss']>();
  const fake: SurfaceModule = {
    mount: (item, ctx) => {
      mounted.push(item.id);
      dismissers.set(item.id, ctx.dismiss);
      return { destroy: () => destroyed.push(item.id) };
    },
  };
  const manager = new SurfaceManager({
    loaders: { popup: async () => fake, banner: async () => fake, push: async () => fake },
    report: (type, item) => reports.push(`${type}:${item.id}`),
    context: () => ({ locale: pageLocale(), emit: () => undefined, asset: (u) => u, progress: { get: () => null, set: () => undefined }, visit: 'visit-1' }),
    lastEnd,
  });
  /** Ends an item as the visitor (or its own time) would, and lets the next one mount. */
  const end = async (id: string, byVisitor = true) => {
    dismissers.get(id)!(byVisitor);
    await settle();
  };
  return { manager, mounted, destroyed, reports, end };
}
const settle = () => new Promise((r) => setTimeout(r, 5));
const otherPopup = (): ScriptItem => ({ ...popupItem(), id: '44444444-4444-4444-8444-444444444444' });
const otherPush = (): ScriptItem => ({ ...pushItem(), id: '55555555-5555-4555-8555-555555555555' });
const oneAtATime: SlotSettings = { pushesBesidePopup: false, quietMs: 0 };

/** Retries an assertion until it holds (at most 2 s): a timer-driven step lands late on a busy machine. */
async function eventually(check: () => void): Promise<void> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

describe('SurfaceManager: one interruptive slot, queued, never lost', () => {
  it('shows one interruptive item at a time and banners at once; the waiting push shows when the popup ends, and only then reports its view', async () => {
    const { manager, mounted, reports, end } = setup();
    await manager.show([popupItem(), pushItem(), bannerItem()], oneAtATime);
    expect(mounted).toEqual([bannerItem().id, popupItem().id]);
    expect(reports).toEqual([`view:${bannerItem().id}`, `view:${popupItem().id}`]);
    expect(manager.open).toEqual([popupItem().id]);
    expect(manager.waiting).toEqual([pushItem().id]);
    await end(popupItem().id);
    expect(mounted.at(-1)).toBe(pushItem().id);
    expect(reports.slice(-2)).toEqual([`close:${popupItem().id}`, `view:${pushItem().id}`]);
    expect(manager.open).toEqual([pushItem().id]);
    expect(manager.seen).toEqual([popupItem().id, pushItem().id]);
  });

  it('a popup waits for the pushes on screen (never over them); pushes show together (their cards stack)', async () => {
    const { manager, mounted, end } = setup();
    await manager.show([pushItem(), popupItem(), otherPush()], oneAtATime);
    expect(mounted).toEqual([pushItem().id, otherPush().id]);
    expect(manager.waiting).toEqual([popupItem().id]);
    await end(pushItem().id, false);
    expect(mounted).toHaveLength(2);
    await end(otherPush().id, false);
    await eventually(() => expect(mounted.at(-1)).toBe(popupItem().id));
  });

  it('reads whether an item interrupts, and takes the page whole, from the item the server served (no list of kinds of its own)', async () => {
    const { manager, mounted, end } = setup();
    // A banner served as modal and interruptive (as a new kind's descriptor could say) waits for the popup like one.
    const modalBanner: ScriptItem = { ...bannerItem(), interrupts: true, modal: true };
    // A popup served as not interrupting shows at once beside it.
    const quietPopup: ScriptItem = { ...otherPopup(), interrupts: false, modal: false };
    await manager.show([popupItem(), modalBanner, quietPopup], oneAtATime);
    expect(mounted).toEqual([quietPopup.id, popupItem().id]);
    expect(manager.waiting).toEqual([modalBanner.id]);
    expect(manager.open).toEqual([popupItem().id]);
    await end(popupItem().id);
    await eventually(() => expect(mounted.at(-1)).toBe(modalBanner.id));
  });

  it('stacks at most three pushes; the fourth waits for one to end', async () => {
    const { manager, mounted, end } = setup();
    const pushes = ['1', '2', '3', '4'].map((n) => ({ ...pushItem(), id: `5555555${n}-5555-4555-8555-555555555555` }));
    await manager.show(pushes, oneAtATime);
    expect(mounted).toEqual(pushes.slice(0, 3).map((p) => p.id));
    await end(pushes[0].id, false);
    await eventually(() => expect(mounted.at(-1)).toBe(pushes[3].id));
  });

  it('pushes show beside a popup only when the website allows it', async () => {
    const beside = setup();
    await beside.manager.show([popupItem(), pushItem()], { pushesBesidePopup: true, quietMs: 0 });
    expect(beside.mounted).toEqual([popupItem().id, pushItem().id]);
    const alone = setup();
    await alone.manager.show([popupItem(), pushItem()], oneAtATime);
    expect(alone.mounted).toEqual([popupItem().id]);
  });

  it('an item on screen stays when a later answer (a client-side navigation) no longer returns it; the queue follows the latest answer', async () => {
    const { manager, mounted, destroyed, end } = setup();
    await manager.show([popupItem(), pushItem(), bannerItem()], oneAtATime);
    await manager.show([otherPopup()], oneAtATime);
    expect(destroyed).toEqual([]);
    expect(manager.ids).toEqual([bannerItem().id, popupItem().id]);
    expect(manager.waiting).toEqual([otherPopup().id]);
    await end(popupItem().id);
    expect(mounted.at(-1)).toBe(otherPopup().id);
  });

  it('waits the quiet period after an interruptive item ends, even across page loads', async () => {
    let at = 0;
    const store = { get: () => at, set: (t: number) => (at = t) };
    const { manager, mounted, end } = setup(store);
    await manager.show([popupItem(), pushItem()], { pushesBesidePopup: false, quietMs: 60 });
    await end(popupItem().id);
    expect(mounted).toEqual([popupItem().id]);
    await eventually(() => expect(mounted).toEqual([popupItem().id, pushItem().id]));
    // The next page of the same visit: still within the quiet period of the push that just ended.
    await end(pushItem().id);
    const next = setup(store);
    await next.manager.show([otherPopup()], { pushesBesidePopup: false, quietMs: 60 });
    expect(next.mounted).toEqual([]);
    await eventually(() => expect(next.mounted).toEqual([otherPopup().id]));
  });

  it('shows nothing interruptive to a hidden page: it waits until the page is visible', async () => {
    const hidden = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const { manager, mounted, reports } = setup();
      await manager.show([pushItem()], oneAtATime);
      expect(mounted).toEqual([]);
      hidden.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await settle();
      expect(mounted).toEqual([pushItem().id]);
      expect(reports).toEqual([`view:${pushItem().id}`]);
    } finally {
      hidden.mockRestore();
    }
  });

  it('reports a close only when the visitor closed it, and does not show an ended item again on this page', async () => {
    const { manager, mounted, reports, end } = setup();
    await manager.show([popupItem(), bannerItem()], oneAtATime);
    await end(popupItem().id, true);
    await end(bannerItem().id, false);
    expect(reports).toContain(`close:${popupItem().id}`);
    expect(reports).not.toContain(`close:${bannerItem().id}`);
    await manager.show([popupItem(), bannerItem()], oneAtATime);
    expect(mounted).toHaveLength(2);
    // Seen, no longer open: what the page tells the next content call.
    expect(manager.open).toEqual([]);
    expect(manager.seen).toEqual([popupItem().id]);
  });

  it('reset clears what is shown, waiting and seen', async () => {
    const { manager, destroyed } = setup();
    await manager.show([popupItem(), pushItem()], oneAtATime);
    manager.clear();
    expect(destroyed).toEqual([popupItem().id]);
    expect([manager.ids, manager.waiting, manager.seen]).toEqual([[], [], []]);
  });

  it('skips kinds this version does not know (a newer server)', async () => {
    const { manager, mounted } = setup();
    await manager.show([{ ...bannerItem(), kind: 'survey' } as unknown as ScriptItem]);
    expect(mounted).toEqual([]);
  });
});

describe('SurfaceManager: the surface lifecycle', () => {
  function lifecycle(accept: (item: ScriptItem) => boolean = () => true) {
    const calls: string[] = [];
    const contexts = new Map<string, SurfaceContext>();
    const fake: SurfaceModule = {
      mount: (item, ctx) => {
        calls.push(`mount:${item.id}`);
        contexts.set(item.id, ctx);
        return {
          destroy: () => calls.push(`destroy:${item.id}`),
          pageChanged: (href) => calls.push(`page:${item.id}:${href}`),
          update: (_next, restart) => calls.push(`update:${item.id}:${restart}`),
        };
      },
    };
    const reports: string[] = [];
    const manager = new SurfaceManager({
      loaders: { popup: async () => fake, tour: async () => fake },
      report: (type, item) => reports.push(`${type}:${item.id}`),
      context: () => ({ locale: pageLocale(), emit: () => undefined, asset: (u) => u, progress: { get: () => null, set: () => undefined }, visit: 'visit-1' }),
      accept,
    });
    return { manager, calls, contexts, reports };
  }
  const tour = tourItem();

  it('tells the surfaces on screen of a page change, and hands them the item again on a later answer', async () => {
    const { manager, calls } = lifecycle();
    await manager.show([tour], oneAtATime);
    manager.pageChanged('https://shop.example/pricing');
    await manager.show([tour], oneAtATime);
    expect(calls).toEqual([`mount:${tour.id}`, `page:${tour.id}:https://shop.example/pricing`, `update:${tour.id}:false`]);
  });

  it('a tour takes the one interruptive slot: a popup waits for it; it reports its own view', async () => {
    const { manager, calls, reports } = lifecycle();
    await manager.show([tour, popupItem()], oneAtATime);
    expect(calls).toEqual([`mount:${tour.id}`]);
    expect(manager.waiting).toEqual([popupItem().id]);
    expect(reports).toEqual([]);
  });

  it('a surface that leaves frees the slot at once, reports nothing, and may come back on a later answer', async () => {
    const { manager, calls, contexts, reports } = lifecycle();
    await manager.show([tour, popupItem()], { pushesBesidePopup: false, quietMs: 60_000 });
    contexts.get(tour.id)!.leave();
    await settle();
    // No quiet period after a leave: the popup shows at once.
    expect(calls).toEqual([`mount:${tour.id}`, `destroy:${tour.id}`, `mount:${popupItem().id}`]);
    expect(reports).toEqual([`view:${popupItem().id}`]);
    contexts.get(popupItem().id)!.dismiss(true);
    await manager.show([tour], oneAtATime);
    expect(calls.at(-1)).toBe(`mount:${tour.id}`);
  });

  it('an item the page does not accept now is not shown; restart shows an ended item again from the last answer', async () => {
    let accepted = false;
    const { manager, calls, contexts } = lifecycle(() => accepted);
    await manager.show([tour], oneAtATime);
    expect(calls).toEqual([]);
    accepted = true;
    await manager.show([tour], oneAtATime);
    contexts.get(tour.id)!.dismiss(false);
    await manager.show([tour], oneAtATime);
    expect(calls).toEqual([`mount:${tour.id}`, `destroy:${tour.id}`]);
    expect(manager.restart(tour.id)).toBe(true);
    await settle();
    expect(calls.at(-1)).toBe(`mount:${tour.id}`);
    expect(manager.restart(tour.id)).toBe(true);
    expect(calls.at(-1)).toBe(`update:${tour.id}:true`);
    expect(manager.restart('not-in-the-answer')).toBe(false);
  });
});

describe('SurfaceManager: what every surface needs comes with it', () => {
  it('mounts a surface only once what it needs besides its chunk (the texts) has loaded', async () => {
    let ready: () => void = () => undefined;
    const prepared = new Promise<void>((r) => (ready = r));
    const mounted: string[] = [];
    const manager = new SurfaceManager({
      loaders: { banner: async () => ({ mount: (item) => (mounted.push(item.id), { destroy: () => undefined }) }) },
      prepare: () => prepared,
      report: () => undefined,
      context: () => ({ locale: pageLocale(), emit: () => undefined, asset: (u) => u, progress: { get: () => null, set: () => undefined }, visit: 'visit-1' }),
    });
    const showing = manager.show([bannerItem()], oneAtATime);
    await settle();
    expect(mounted).toEqual([]);
    ready();
    await showing;
    await eventually(() => expect(mounted).toEqual([bannerItem().id]));
  });
});

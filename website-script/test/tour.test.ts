import { mount } from '../src/surfaces/tour';
import type { Surface, SurfaceContext } from '../src/surfaces/types';
import type { ProgressState } from '../src/core/progress';
import { pageLocale } from '../src/page-locale';
import { tourItem } from './fixtures';

/**
 * The tour surface in jsdom (no layout: boxes are given). What a tour keeps and reports as the visitor
 * moves: the place written before a click on the step's element can navigate, Esc snoozing, a step
 * whose element never appears reported and skipped. The browser suite plays it on the demo site.
 */
beforeAll(() => {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, right: 20, bottom: 20, width: 20, height: 20, toJSON: () => ({}) }) as DOMRect);
});
afterAll(() => jest.restoreAllMocks());

let surface: Surface | null = null;
afterEach(() => {
  surface?.destroy();
  surface = null;
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

function context(initial: ProgressState | null = null) {
  const emitted: { type: string; fields?: Record<string, unknown> }[] = [];
  const saved: ProgressState[] = [];
  let state = initial;
  const ended: string[] = [];
  const ctx: SurfaceContext = {
    locale: pageLocale(),
    emit: (type, fields) => emitted.push({ type, fields }),
    progress: {
      get: () => state,
      set: (s) => {
        state = s;
        saved.push(s);
      },
    },
    visit: 'visit-1',
    leave: () => ended.push('leave'),
    dismiss: (byVisitor) => ended.push(`dismiss:${byVisitor}`),
    asset: (u) => u,
  };
  return { ctx, emitted, saved, ended, state: () => state };
}
const step = () => document.querySelector('signpost-tour')!.shadowRoot!.querySelector('[role="dialog"]') as HTMLElement | null;
const settle = () => new Promise((r) => setTimeout(r, 0));

it('a step advanced by a click on its element writes the next step before the click can navigate', async () => {
  document.body.innerHTML = '<a id="menu" href="#pricing">Pricing</a>';
  const item = tourItem();
  item.tour.steps[0].advanceOn = 'click';
  const c = context();
  surface = mount(item, c.ctx);
  await settle();
  expect(step()?.getAttribute('aria-labelledby')).toBeTruthy();
  expect(c.emitted.map((e) => e.type)).toEqual(['view', 'step']);
  expect(document.querySelector('signpost-tour')!.shadowRoot!.querySelector('[role="status"]')!.textContent).toBe('Step 1 of 2: The menu');
  let stateAtClick: unknown = null;
  // The page's own handler (a router) runs after ours: the place is already written.
  document.addEventListener('click', () => (stateAtClick = c.state()), { once: true });
  document.getElementById('menu')!.click();
  expect(stateAtClick).toEqual({ step: 1, status: 'active' });
});

it('completing a tour tells the page at once (a checklist ticks its task), snoozing it does not', async () => {
  document.body.innerHTML = '<nav id="menu">Menu</nav>';
  const item = tourItem();
  item.tour.steps = [item.tour.steps[0]];
  const completed: unknown[] = [];
  const listen = (event: Event) => completed.push((event as CustomEvent).detail);
  window.addEventListener('signpost:tour-complete', listen);
  try {
    const c = context();
    surface = mount(item, c.ctx);
    await settle();
    step()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(completed).toEqual([]);
    surface.destroy();
    surface = mount(item, context().ctx);
    await settle();
    [...step()!.querySelectorAll('button')].find((b) => b.textContent === 'Done')!.click();
    expect(completed).toEqual([{ id: item.id }]);
  } finally {
    window.removeEventListener('signpost:tour-complete', listen);
  }
});

it('Esc snoozes a snoozeable tour at its step, until the next visit; a tour that is not snoozeable is dismissed', async () => {
  document.body.innerHTML = '<nav id="menu">Menu</nav>';
  const c = context();
  surface = mount(tourItem(), c.ctx);
  await settle();
  step()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(c.state()).toEqual({ step: 0, status: 'snoozed', visit: 'visit-1' });
  expect(c.emitted.at(-1)?.type).toBe('snooze');
  surface.destroy();

  const d = context();
  surface = mount(tourItem({ snoozeable: false }), d.ctx);
  await settle();
  step()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(d.state()).toMatchObject({ status: 'dismissed' });
  expect(d.emitted.at(-1)?.type).toBe('dismiss');
});

it('resumes at the step kept in the progress, without a new view', async () => {
  history.replaceState(null, '', '/pricing');
  const c = context({ step: 1, status: 'active' });
  surface = mount(tourItem(), c.ctx);
  await settle();
  expect(step()?.textContent).toContain('Pricing');
  expect(c.emitted.map((e) => e.type)).toEqual(['step']);
});

it('a step whose element never appears is reported with its page and selector, then skipped', async () => {
  jest.useFakeTimers();
  try {
    const item = tourItem();
    item.tour.steps[1].url = '';
    const c = context();
    surface = mount(item, c.ctx);
    jest.advanceTimersByTime(6000);
    await Promise.resolve();
    await Promise.resolve();
    expect(c.emitted.find((e) => e.type === 'element_missing')).toEqual({
      type: 'element_missing',
      fields: { target: 's1', detail: { page: 'http://localhost/', selector: '#menu' } },
    });
    expect(step()?.textContent).toContain('Pricing');
    expect(c.state()).toEqual({ step: 1, status: 'active' });
  } finally {
    jest.useRealTimers();
  }
});

it('steps aside (leave) when its step is on another page', async () => {
  history.replaceState(null, '', '/docs');
  const c = context({ step: 1, status: 'active' });
  surface = mount(tourItem(), c.ctx);
  await settle();
  expect(c.ended).toEqual(['leave']);
  expect(step()).toBeNull();
});

it('finds its element after the page’s markup changed: the selector matches nothing, the builder’s description does', async () => {
  // Picked as `#buy-team` in the "Team" section; a redeploy dropped the ids and put a "Pro" section before it.
  document.body.innerHTML = `<main><section><h3>Pro</h3><button class="css-e3r4">Buy now</button></section>
    <section><h3>Team</h3><p>For groups</p><button class="css-q1w2">Buy now</button></section></main>`;
  const item = tourItem();
  item.tour.steps[0].advanceOn = 'click';
  item.tour.steps[0].target = {
    selector: '#buy-team',
    fallback: { text: 'Buy now', tag: 'button', index: 0, landmarks: [{ selector: 'section > h3', text: 'Team' }] },
  };
  const c = context();
  surface = mount(item, c.ctx);
  await settle();
  expect(step()?.textContent).toContain('The menu');
  // The Pro section's button (same words, same position) is not the step's element…
  document.querySelector<HTMLElement>('.css-e3r4')!.click();
  expect(c.state()).toEqual({ step: 0, status: 'active' });
  // …the Team section's is: clicking it advances the tour.
  document.querySelector<HTMLElement>('.css-q1w2')!.click();
  expect(c.state()).toEqual({ step: 1, status: 'active' });
  expect(c.emitted.map((e) => e.type)).not.toContain('element_missing');
});

const shadow = () => document.querySelector('signpost-tour')!.shadowRoot!;
const buttonNamed = (name: string) => Array.from(shadow().querySelectorAll('button')).find((b) => b.textContent === name) ?? null;

describe('restart', () => {
  it('a restartable tour leaves its Restart button once completed; it plays the tour again from its first step', async () => {
    document.body.innerHTML = '<nav id="menu">Menu</nav>';
    const c = context({ step: 1, status: 'active' });
    history.replaceState(null, '', '/pricing');
    surface = mount(tourItem({ restartable: true, restart_button_text: 'Show me again' }), c.ctx);
    await settle();
    buttonNamed('Done')!.click();
    expect(c.state()).toMatchObject({ status: 'done' });
    expect(c.ended).toEqual([]);
    history.replaceState(null, '', '/');
    buttonNamed('Show me again')!.click();
    await settle();
    expect(c.state()).toEqual({ step: 0, status: 'active' });
    expect(step()?.textContent).toContain('The menu');
    expect(c.emitted.map((e) => e.type)).toEqual(['step', 'complete', 'view', 'step']);
    expect(buttonNamed('Show me again')).toBeNull();
  });

  it('snoozed, it offers the page language’s Restart (ar); closing the button ends the surface', async () => {
    document.documentElement.lang = 'ar';
    try {
      document.body.innerHTML = '<nav id="menu">Menu</nav>';
      const c = context();
      surface = mount(tourItem({ restartable: true }), c.ctx);
      await settle();
      step()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(c.state()).toMatchObject({ status: 'snoozed' });
      expect(buttonNamed('إعادة البدء')).not.toBeNull();
      shadow().querySelector<HTMLElement>('.again .x')!.click();
      expect(c.ended).toEqual(['dismiss:false']);
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('a tour that is not restartable shows no Restart button and leaves once over', async () => {
    jest.useFakeTimers();
    try {
      document.body.innerHTML = '<nav id="menu">Menu</nav>';
      const c = context();
      surface = mount(tourItem(), c.ctx);
      await Promise.resolve();
      step()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(buttonNamed('Restart')).toBeNull();
      jest.advanceTimersByTime(500);
      expect(c.ended).toEqual(['dismiss:false']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('signpost(‘startTour’, id) restarts a tour already over (the surface told to update from the start)', async () => {
    document.body.innerHTML = '<nav id="menu">Menu</nav>';
    const item = tourItem({ restartable: true });
    const c = context();
    surface = mount(item, c.ctx);
    await settle();
    step()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(step()).toBeNull();
    surface.update!(item, true);
    await settle();
    expect(c.state()).toEqual({ step: 0, status: 'active' });
    expect(step()?.textContent).toContain('The menu');
  });
});

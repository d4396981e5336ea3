import { bannerItem, popupItem } from '../../test/fixtures';
import type { ScriptItem, SurfaceContext, SurfaceModule } from '../surfaces/types';
import { pageLocale } from '../texts';
import { SurfaceManager } from './surface-manager';

function setup() {
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
    context: () => ({ locale: pageLocale(), emit: () => undefined, asset: (u) => u }),
  });
  return { manager, mounted, destroyed, reports, dismissers };
}
const otherPopup = (): ScriptItem => ({ ...popupItem(), id: '44444444-4444-4444-8444-444444444444' });

describe('SurfaceManager', () => {
  it('shows one popup at a time, and reports a view for each surface shown', async () => {
    const { manager, mounted, reports } = setup();
    await manager.show([popupItem(), otherPopup(), bannerItem()]);
    expect(mounted).toEqual([popupItem().id, bannerItem().id]);
    expect(reports).toEqual([`view:${popupItem().id}`, `view:${bannerItem().id}`]);
  });

  it('keeps what is still returned, removes what is not, never re-mounting', async () => {
    const { manager, mounted, destroyed, reports } = setup();
    await manager.show([popupItem(), bannerItem()]);
    await manager.show([popupItem(), otherPopup()]);
    expect(destroyed).toEqual([bannerItem().id]);
    expect(mounted).toEqual([popupItem().id, bannerItem().id]);
    expect(reports.filter((r) => r.startsWith('view'))).toHaveLength(2);
    // The open popup gone from the answer: the next one may show.
    await manager.show([otherPopup()]);
    expect(destroyed).toEqual([bannerItem().id, popupItem().id]);
    expect(mounted.at(-1)).toBe(otherPopup().id);
  });

  it('reports a close only when the visitor closed it, and does not show a dismissed item again on this page', async () => {
    const { manager, mounted, reports, dismissers } = setup();
    await manager.show([popupItem(), bannerItem()]);
    dismissers.get(popupItem().id)!(true);
    dismissers.get(bannerItem().id)!(false);
    expect(reports).toContain(`close:${popupItem().id}`);
    expect(reports).not.toContain(`close:${bannerItem().id}`);
    await manager.show([popupItem(), bannerItem()]);
    expect(mounted).toHaveLength(2);
  });

  it('skips kinds this version does not know (a newer server)', async () => {
    const { manager, mounted } = setup();
    await manager.show([{ ...bannerItem(), kind: 'tour' } as unknown as ScriptItem]);
    expect(mounted).toEqual([]);
  });
});

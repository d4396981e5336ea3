import { contrastRatio, textOnColor } from './color';
import { defaultTour, tourBodySchema, tourDocumentSchema, tourPublishErrors, TOUR_DEFAULT_BUTTON_COLOR } from './tours';

describe('a product tour', () => {
  it('starts as a draft with the default settings, and the default document validates', () => {
    const tour = defaultTour();
    expect(tour).toMatchObject({ status: 'draft', snoozeable: true, end_tour_animation: 'noanimation', button_color: '#0078ff', steps: [] });
    expect(tourDocumentSchema.parse(tour)).toEqual(tour);
    expect(tourDocumentSchema.parse({})).toEqual(defaultTour());
  });

  it('gives its buttons a text colour with at least 4.5:1 on any colour, black on the default blue', () => {
    expect(contrastRatio(TOUR_DEFAULT_BUTTON_COLOR, '#ffffff')).toBeLessThan(4.5);
    expect(textOnColor(TOUR_DEFAULT_BUTTON_COLOR)).toBe('#000000');
    expect(textOnColor('#0958d9')).toBe('#ffffff');
    expect(textOnColor('#ffee00')).toBe('#000000');
    for (let i = 0; i < 4096; i += 7) {
      const c = `#${i.toString(16).padStart(3, '0')}`;
      expect(contrastRatio(c, textOnColor(c))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('accepts a step in plain text or in text blocks, without an id, and refuses a click step without an element', () => {
    const body = tourBodySchema.parse({
      steps: [
        { content: 'Hello', url: '/docs/*' },
        { content: [{ id: 'b1', kind: 'text', text: 'Click here' }], target: { selector: '#buy' }, advanceOn: 'click' },
      ],
    });
    expect(body.steps[0]).toMatchObject({ placement: 'auto', advanceOn: 'next', whenMissing: 'skip', target: null });
    expect(body.steps[1].target?.fallback).toEqual({ text: '', tag: '', index: null, landmarks: [] });
    const bad = tourBodySchema.safeParse({
      steps: [
        { content: 'x', advanceOn: 'click' },
        { content: 'y', url: 'mailto:x' },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['steps.0.advanceOn', 'tours.clickNeedsElement'],
      ['steps.1.url', 'validation.pageRuleNeverMatches'],
    ]);
  });

  it('cannot go live without a title, a step, and text in each step', () => {
    expect(tourPublishErrors(defaultTour())).toEqual({ title: 'validation.titleRequired', steps: 'tours.stepsRequired' });
    const tour = tourDocumentSchema.parse({ title: 'Tour', steps: [{ id: 's1', content: '' }] });
    expect(tourPublishErrors(tour)).toEqual({ 'steps.0.content': 'tours.stepTextRequired' });
  });
});

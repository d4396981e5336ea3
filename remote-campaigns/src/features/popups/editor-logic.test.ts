import { POPUP_MAX_PAGES, popupDocumentSchema, defaultPopup } from 'contracts';
import {
  DISPLAY_SECONDS,
  canAddPage,
  canRemoveBlock,
  canRemovePage,
  msToSeconds,
  newPage,
  pageAfterRemoval,
  secondsToMs,
  toPreviewPopup,
} from './editor-logic';

describe('display time: stored in milliseconds, shown in seconds', () => {
  it('is 1 to 60 seconds by steps of 1, 15 by default', () => {
    expect(DISPLAY_SECONDS).toEqual({ min: 1, max: 60, step: 1, default: 15 });
    expect(msToSeconds(defaultPopup().rules.displayTime)).toBe(15);
  });
  it('converts both ways without losing a second', () => {
    for (const s of [1, 15, 37, 60]) expect(msToSeconds(secondsToMs(s))).toBe(s);
    expect(secondsToMs(20)).toBe(20000);
    expect(msToSeconds(45000)).toBe(45);
  });
  it('shows the default for a missing value', () => {
    expect(msToSeconds(undefined)).toBe(15);
    expect(msToSeconds(Number.NaN)).toBe(15);
  });
  it('keeps out-of-range values so the schema refuses them with its message code', () => {
    const refuse = (seconds: number) => {
      const doc = { ...defaultPopup(), titleOfPopup: { ...defaultPopup().titleOfPopup, label: 'Hi' }, rules: { displayTime: secondsToMs(seconds) } };
      const result = popupDocumentSchema.safeParse(doc);
      return result.success ? null : result.error.issues.find((i) => i.path.join('.') === 'rules.displayTime')?.message;
    };
    // Codes of the contracts' message catalogue ("Display time must be between 1 and 60 seconds").
    expect(refuse(0)).toBe('validation.displaySecondsRange');
    expect(refuse(61)).toBe('validation.displaySecondsRange');
    expect(refuse(1.5)).toBe('validation.displaySecondsStep');
    expect(refuse(30)).toBeNull();
  });
});

describe('pages and blocks', () => {
  it('allows at most 5 pages and keeps at least 1', () => {
    const pages = (n: number) => Array.from({ length: n }, newPage);
    expect(POPUP_MAX_PAGES).toBe(5);
    expect(canAddPage(pages(4))).toBe(true);
    expect(canAddPage(pages(5))).toBe(false);
    expect(canRemovePage(pages(2))).toBe(true);
    expect(canRemovePage(pages(1))).toBe(false);
  });
  it('keeps at least 1 block on a page; a new page starts with one text block', () => {
    const page = newPage();
    expect(page.content).toHaveLength(1);
    expect(page.content[0].kind).toBe('text');
    expect(canRemoveBlock(page.content)).toBe(false);
    expect(canRemoveBlock([...page.content, ...newPage().content])).toBe(true);
  });
  it('shows a sensible page after one is removed', () => {
    expect(pageAfterRemoval(2, 2, 2)).toBe(1); // the last page went: show the new last one
    expect(pageAfterRemoval(1, 1, 3)).toBe(1); // a middle page went: show the one that took its place
    expect(pageAfterRemoval(3, 0, 3)).toBe(2); // an earlier page went: keep showing the same page
  });
});

describe('the document the preview hands the website script', () => {
  it('fills what the form has not yet with the defaults the server gives', () => {
    const popup = toPreviewPopup({
      titleOfPopup: { label: 'Hi', fontSize: undefined } as never,
      content: [{ id: 'p1', content: [{ id: 'b1', kind: 'question', question: 'Why?', required: true }] }],
    });
    expect(popup.titleOfPopup).toEqual({ label: 'Hi', fontSize: 15, fontFamily: 'Poppins', fontWeight: '600', color: '#1f1f1f' });
    expect(popup.content[0].content[0]).toEqual({ id: 'b1', kind: 'question', question: 'Why?', type: 'text', options: [], required: true });
    expect(popup).toMatchObject({ format: 'medium', position: 'topR', replayType: 'text', popupBackground: '#ffffff', popupBackgroundImage: '' });
    expect(popup.emojis).toEqual(defaultPopup().emojis);
  });
  it('keeps every field the author set', () => {
    const doc = defaultPopup();
    const popup = toPreviewPopup({ ...doc, format: 'large', position: 'center', replayType: 'emoji', emojis: ['🔥'] });
    expect(popup).toMatchObject({ format: 'large', position: 'center', replayType: 'emoji', emojis: ['🔥'], content: doc.content });
  });
});

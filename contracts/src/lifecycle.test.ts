import { canAct, editsGoToDraft } from './lifecycle';

test('publish applies to drafts, cancelled and scheduled items, and to a live item only with unpublished changes', () => {
  expect(canAct('publish', { status: 'draft', hasDraft: false })).toBe(true);
  expect(canAct('publish', { status: 'cancelled', hasDraft: false })).toBe(true);
  expect(canAct('publish', { status: 'scheduled', hasDraft: false })).toBe(true);
  expect(canAct('publish', { status: 'public', hasDraft: false })).toBe(false);
  expect(canAct('publish', { status: 'public', hasDraft: true })).toBe(true);
});

test('cancel stops anything not cancelled yet; discard needs unpublished changes', () => {
  expect(canAct('cancel', { status: 'cancelled', hasDraft: false })).toBe(false);
  expect(canAct('cancel', { status: 'scheduled', hasDraft: false })).toBe(true);
  expect(canAct('discardDraft', { status: 'public', hasDraft: false })).toBe(false);
  expect(canAct('discardDraft', { status: 'public', hasDraft: true })).toBe(true);
});

test('edits of what visitors are served go beside it; a draft is edited in place', () => {
  expect(editsGoToDraft({ status: 'public', hasDraft: false })).toBe(true);
  expect(editsGoToDraft({ status: 'scheduled', hasDraft: false })).toBe(true);
  expect(editsGoToDraft({ status: 'draft', hasDraft: false })).toBe(false);
  expect(editsGoToDraft({ status: 'cancelled', hasDraft: true })).toBe(true);
});

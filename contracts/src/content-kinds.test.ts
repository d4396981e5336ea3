import { CONTENT_KIND_DESCRIPTORS, CONTENT_KINDS, kindAccepts, NEWS_KINDS, PROGRESS_KINDS, SERVED_KIND_LIST } from './content-kinds';
import { scriptItemSchema } from './website-script';

describe('what the descriptors say of delivery', () => {
  it('accepts on an item only the visitor events its kind names', () => {
    expect(kindAccepts('popup', 'answer')).toBe(true);
    expect(kindAccepts('banner', 'react')).toBe(true);
    expect(kindAccepts('push', 'react')).toBe(false);
    expect(kindAccepts('tour', 'step')).toBe(true);
    expect(kindAccepts('checklist', 'task')).toBe(true);
    expect(kindAccepts('banner', 'task')).toBe(false);
    expect(kindAccepts('email', 'view')).toBe(false);
    expect(kindAccepts('not-a-kind', 'view')).toBe(false);
  });

  it('derives every list of kinds from the descriptors', () => {
    expect(CONTENT_KINDS).toEqual(Object.keys(CONTENT_KIND_DESCRIPTORS));
    expect(PROGRESS_KINDS).toEqual(['tour', 'checklist']);
    expect(NEWS_KINDS).toEqual(['banner', 'push']);
    expect(SERVED_KIND_LIST.map((k) => k.kind)).toEqual(['popup', 'banner', 'push', 'tour', 'checklist']);
  });

  it('serves every kind with a `script` schema, carrying whether it interrupts', () => {
    const served = { id: 'x', priority: 'normal', sender: null, interrupts: false, modal: false };
    // A kind that is not served (e-mails) is refused by the answer's item union.
    expect(scriptItemSchema.safeParse({ ...served, kind: 'email', email: {} }).success).toBe(false);
    // The item must say whether it interrupts.
    const { interrupts: _interrupts, ...withoutInterrupts } = served;
    expect(scriptItemSchema.safeParse({ ...withoutInterrupts, kind: 'push', push: {} }).success).toBe(false);
  });
});

import { webStore } from './storage';
import { Visitor } from './visitor';

describe('Visitor', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one anonymous id across pages (localStorage)', () => {
    const id = new Visitor(webStore('localStorage'), 'key-1').id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Visitor(webStore('localStorage'), 'key-1').id).toBe(id);
    expect(new Visitor(webStore('localStorage'), 'key-2').id).not.toBe(id);
  });

  it('reset forgets the id and the identity', () => {
    const visitor = new Visitor(webStore('localStorage'), 'key-1');
    const before = visitor.id;
    visitor.identity = '{"externalId":"u1"}';
    const after = visitor.reset();
    expect(after).not.toBe(before);
    expect(visitor.id).toBe(after);
    expect(visitor.identity).toBeNull();
  });

  it('falls back to memory when storage throws', () => {
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const visitor = new Visitor(webStore('localStorage'), 'key-1');
    expect(visitor.id).toBe(visitor.id);
    spy.mockRestore();
  });
});

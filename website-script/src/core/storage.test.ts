import { webStore } from './storage';

describe('webStore', () => {
  beforeEach(() => localStorage.clear());

  it('reads and writes the browser storage', () => {
    localStorage.setItem('a', 'from before');
    const store = webStore('localStorage');
    expect(store.get('a')).toBe('from before');
    store.set('b', '2');
    expect(localStorage.getItem('b')).toBe('2');
    store.remove('a');
    expect(localStorage.getItem('a')).toBeNull();
    expect(store.get('a')).toBeNull();
  });

  it('keeps in memory, for this page, what the storage refused (a full quota), never its older value', () => {
    localStorage.setItem('a', 'old');
    const store = webStore('localStorage');
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const removeItem = jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.set('a', 'new');
    expect(store.get('a')).toBe('new');
    store.remove('a');
    expect(store.get('a')).toBeNull();
    setItem.mockRestore();
    removeItem.mockRestore();
    store.set('a', 'stored');
    expect(store.get('a')).toBe('stored');
    expect(localStorage.getItem('a')).toBe('stored');
  });
});

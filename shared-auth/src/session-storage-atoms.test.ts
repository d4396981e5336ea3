import { accessTokenAtom, activeWebsiteIdAtom, authStatusAtom, sessionStore, signIn, switchWebsite, syncFromStorage, userAtom } from './session';
import { loginResponse } from './test-utils/fixtures';

/** Another tab writes localStorage: this tab receives a `storage` event (jsdom does not send it itself). */
function otherTab(key: string, newValue: string | null) {
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(userAtom, null);
  sessionStore.set(authStatusAtom, 'idle');
  syncFromStorage();
});

describe('the session atoms stored with atomWithStorage', () => {
  it('write the session keys as raw strings (no JSON quoting) and remove them on null', () => {
    signIn(loginResponse());
    const token = sessionStore.get(accessTokenAtom);
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(localStorage.getItem('activeWebsite')).toBe('w1');
    switchWebsite('w2');
    expect(localStorage.getItem('activeWebsite')).toBe('w2');
    sessionStore.set(activeWebsiteIdAtom, null);
    expect(localStorage.getItem('activeWebsite')).toBeNull();
  });

  it('follow what another tab writes, whether or not a component reads them', () => {
    signIn(loginResponse());
    otherTab('activeWebsite', 'w2');
    expect(sessionStore.get(activeWebsiteIdAtom)).toBe('w2');
    otherTab('access_token', 'rotated-elsewhere');
    expect(sessionStore.get(accessTokenAtom)).toBe('rotated-elsewhere');
    // Signed out in the other tab: its refresh token is gone, so this tab's session ends too.
    otherTab('refresh_token', null);
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
  });

  it('are read from storage when the page starts (a value stored by an earlier visit)', () => {
    localStorage.setItem('activeWebsite', 'w2');
    syncFromStorage();
    expect(sessionStore.get(activeWebsiteIdAtom)).toBe('w2');
    expect(localStorage.getItem('activeWebsite')).toBe('w2');
  });
});

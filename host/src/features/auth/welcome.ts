/**
 * The sign-in bundle (src/sign-in) signs in and then loads the console with a full page load, so the
 * success toast cannot be raised by the page that signed in: it leaves this mark
 * in sessionStorage (this tab only) and the console shows the toast once at start.
 */
const WELCOME_KEY = 'signpost.welcome';

export function markWelcome(): void {
  try {
    sessionStorage.setItem(WELCOME_KEY, '1');
  } catch {
    /* storage refused: the visitor lands without the toast, still signed in */
  }
}

/** True once after markWelcome() in this tab; clears the mark. */
export function takeWelcome(): boolean {
  try {
    if (sessionStorage.getItem(WELCOME_KEY) !== '1') return false;
    sessionStorage.removeItem(WELCOME_KEY);
    return true;
  } catch {
    return false;
  }
}

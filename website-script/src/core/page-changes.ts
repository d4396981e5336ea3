/**
 * Calls `onChange` when the page's address changes without a reload (single-page apps): wraps
 * `history.pushState` / `replaceState` (the originals still run first) and listens to `popstate` and
 * `hashchange`. No polling. Returns a function that undoes it (tests).
 */
export function watchPageChanges(win: Window, onChange: (href: string) => void): () => void {
  let last = win.location.href;
  const check = () => {
    const href = win.location.href;
    if (href === last) return;
    last = href;
    onChange(href);
  };
  const history = win.history;
  const originals = { pushState: history.pushState, replaceState: history.replaceState };
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = originals[name];
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      check();
      return result;
    };
  }
  win.addEventListener('popstate', check);
  win.addEventListener('hashchange', check);
  return () => {
    history.pushState = originals.pushState;
    history.replaceState = originals.replaceState;
    win.removeEventListener('popstate', check);
    win.removeEventListener('hashchange', check);
  };
}

/** The sign-in form's action chunk (login-action.ts), loaded once; started early by a first focus or keystroke. */
let loading: Promise<typeof import('./login-action')> | null = null;
export function loadLoginAction() {
  loading ??= import(/* webpackChunkName: "login-action" */ './login-action');
  return loading;
}

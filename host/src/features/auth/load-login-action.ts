/** The sign-in form's action chunk (login-action.ts), loaded once; started early by the first keystroke or pointer press in the form. */
let loading: Promise<typeof import('./login-action')> | null = null;
export function loadLoginAction() {
  loading ??= import(/* webpackChunkName: "login-action" */ './login-action');
  return loading;
}

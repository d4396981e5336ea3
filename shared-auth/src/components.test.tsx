import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Can, RedirectIfAuthenticated, RequireAuth, RequirePermission } from './components';
import { useCan, usePermissions, useSession } from './hooks';
import { authStatusAtom, extraRulesAtom, sessionStore, signIn, syncFromStorage, userAtom } from './session';
import { loginResponse, makeUser } from './test-utils/fixtures';

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p data-testid="where">{location.pathname + location.search + (from ? ` from ${from}` : '')}</p>;
}

/**
 * Renders `element` at `routePath` and a location probe everywhere else. Only the guard under test sits
 * on its own path: a RequireAuth also mounted on /login would redirect to itself forever.
 */
function renderAt(path: string, element: React.ReactNode, routePath = '/guarded') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={routePath} element={element} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  syncFromStorage();
  sessionStore.set(extraRulesAtom, []);
  sessionStore.set(userAtom, null);
  sessionStore.set(authStatusAtom, 'loading'); // not idle: the guards would start the start-up check
});

describe('<Can> and hooks', () => {
  function Probe() {
    const canDuplicate = useCan('duplication', 'checklist');
    const permissions = usePermissions();
    const { activeWebsite, websites } = useSession();
    return <p data-testid="probe">{`${canDuplicate} ${permissions.length} ${activeWebsite?._id} ${websites.length}`}</p>;
  }

  it('shows children only when allowed; `not` inverts; passThrough hands the decision over', () => {
    signIn(loginResponse());
    render(
      <>
        <Can I="create" a="posts">
          <button>New post</button>
        </Can>
        <Can I="delete" a="posts">
          <button>Delete post</button>
        </Can>
        <Can not I="delete" a="posts">
          <span>read-only</span>
        </Can>
        <Can I="delete" a="posts" passThrough>
          {(allowed) => <button disabled={!allowed}>Delete anyway</button>}
        </Can>
        <Probe />
      </>,
    );
    expect(screen.getByRole('button', { name: 'New post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
    expect(screen.getByText('read-only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete anyway' })).toBeDisabled();
    expect(screen.getByTestId('probe')).toHaveTextContent('true 4 w1 2');
  });

  it('re-renders when the session changes, and a deny rule hides the control', () => {
    render(
      <Can I="create" a="posts">
        <button>New post</button>
      </Can>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    act(() => void signIn(loginResponse()));
    expect(screen.getByRole('button', { name: 'New post' })).toBeInTheDocument();
    act(() => sessionStore.set(extraRulesAtom, [{ action: 'create', subject: 'posts', inverted: true, reason: 'read-only plan' }]));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('route guards', () => {
  it('RequireAuth shows the fallback while loading, then sends an unauthenticated visitor to /login', () => {
    renderAt(
      '/guarded',
      <RequireAuth fallback={<p>loading…</p>}>
        <p>secret</p>
      </RequireAuth>,
    );
    expect(screen.getByText('loading…')).toBeInTheDocument();
    act(() => sessionStore.set(authStatusAtom, 'unauthenticated'));
    expect(screen.getByTestId('where')).toHaveTextContent('/login from /guarded');
  });

  it('RequireAuth renders the screen for a signed-in user', () => {
    signIn(loginResponse());
    renderAt(
      '/guarded',
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
    );
    expect(screen.getByText('secret')).toBeInTheDocument();
  });

  it('RequirePermission sends a user without that exact permission to /forbidden', () => {
    signIn(loginResponse(makeUser({ roles: [{ _id: 'r', name: 'x', permissions: ['get_roles', 'create_role'] }] })));
    renderAt(
      '/guarded',
      <RequirePermission permission="get_role">
        <p>roles</p>
      </RequirePermission>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/forbidden');
  });

  it('RequirePermission opens for the exact permission, and for null to any signed-in user', () => {
    signIn(loginResponse());
    const { unmount } = renderAt(
      '/guarded',
      <RequirePermission permission="get_role">
        <p>roles</p>
      </RequirePermission>,
    );
    expect(screen.getByText('roles')).toBeInTheDocument();
    unmount();
    renderAt(
      '/guarded',
      <RequirePermission permission={null}>
        <p>profile</p>
      </RequirePermission>,
    );
    expect(screen.getByText('profile')).toBeInTheDocument();
  });

  it('RequirePermission does not send a still-loading session to /forbidden', () => {
    renderAt(
      '/guarded',
      <RequirePermission permission="get_role" fallback={<p>wait</p>}>
        <p>roles</p>
      </RequirePermission>,
    );
    expect(screen.getByText('wait')).toBeInTheDocument();
  });

  it('RedirectIfAuthenticated carries the query token to /switch', () => {
    signIn(loginResponse());
    renderAt(
      '/login?token=abc%2B123',
      <RedirectIfAuthenticated>
        <p>login form</p>
      </RedirectIfAuthenticated>,
      '/login',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/switch?token=abc%2B123');
  });

  it('RedirectIfAuthenticated sends a signed-in visitor to /dashboard and shows the page to others', () => {
    signIn(loginResponse());
    const { unmount } = renderAt(
      '/login',
      <RedirectIfAuthenticated>
        <p>login form</p>
      </RedirectIfAuthenticated>,
      '/login',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    unmount();
    act(() => sessionStore.set(authStatusAtom, 'unauthenticated'));
    renderAt(
      '/login',
      <RedirectIfAuthenticated>
        <p>login form</p>
      </RedirectIfAuthenticated>,
      '/login',
    );
    expect(screen.getByText('login form')).toBeInTheDocument();
  });

  it('a guard left on idle starts the start-up check itself (no stored session → /login)', async () => {
    sessionStore.set(authStatusAtom, 'idle');
    renderAt(
      '/guarded',
      <RequireAuth fallback={<p>loading…</p>}>
        <p>secret</p>
      </RequireAuth>,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/login from /guarded');
  });
});

import { render, screen } from '@testing-library/react';
import { subject } from '@casl/ability';
import { Can } from './components';
import { useCan } from './hooks';
import { signIn, syncFromStorage, userAtom, sessionStore } from './session';
import { loginResponse } from './test-utils/fixtures';

/**
 * `useCan` and `<Can>` take only the actions contracts' permissions give a resource: the
 * `@ts-expect-error` lines below fail `pnpm --filter shared-auth typecheck` the day a wrong pair compiles.
 */
function TypedProbe() {
  const ok = [
    useCan('duplication', 'checklist'),
    useCan('duplicate', 'posts'),
    useCan('get', 'members'),
    useCan('update', subject('role', { _id: 'r1' })),
    // @ts-expect-error -- the checklist's duplicate action is spelt `duplication`
    useCan('duplicate', 'checklist'),
    // @ts-expect-error -- members can only be read
    useCan('delete', 'members'),
    // @ts-expect-error -- not a resource
    useCan('get', 'post'),
  ];
  return (
    <>
      <p data-testid="typed">{ok.map(String).join(' ')}</p>
      <Can I="create" a="posts">
        <span>create posts</span>
      </Can>
      {/* @ts-expect-error -- websites cannot be updated */}
      <Can I="update" a="websites">
        <span>update websites</span>
      </Can>
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  syncFromStorage();
  sessionStore.set(userAtom, null);
});

it('answers for typed pairs as for any other (the types add no run-time behaviour)', () => {
  signIn(loginResponse());
  render(<TypedProbe />);
  // Held: duplication_checklist only (of these); the wrong pairs answer false at run time as well.
  expect(screen.getByTestId('typed')).toHaveTextContent('true false false false false false false');
  expect(screen.getByText('create posts')).toBeInTheDocument();
});

import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

export interface UnsavedChangesGuardProps {
  /**
   * Whether leaving now would lose something: the editor's `formState.isDirty`, and false while a
   * save is under way (a successful save navigates away itself and must not ask).
   */
  when: boolean;
}

/**
 * Unsaved work is never lost silently: while `when` holds, leaving the editor inside the
 * console (a link, the editor's Cancel, the browser's back button) asks first — Stay keeps the edit,
 * Leave goes on — and reloading or closing the tab gets the browser's own "Leave site?" question.
 * One guard for every editor; it needs the data router the host creates (`useBlocker`).
 */
export function UnsavedChangesGuard({ when }: UnsavedChangesGuardProps) {
  const { t } = useTranslation('common');
  // The blocker reads the latest `when` through a ref: a save that succeeds navigates in the same
  // task in which `isSubmitting` became true, and must find the guard already lowered.
  const active = useRef(when);
  useEffect(() => {
    active.current = when;
  }, [when]);
  // Only leaving the page counts: the editor's own lists keep their search and page in the query
  // string (a members search in the group form), and changing them leaves nothing behind.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => active.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // ConfirmDialog closes itself after the confirm action: closing after "Leave" must not reset the
  // blocker that is already proceeding.
  const leaving = useRef(false);
  const leave = async () => {
    leaving.current = true;
    blocker.proceed?.();
  };
  const stay = () => {
    if (!leaving.current) blocker.reset?.();
    leaving.current = false;
  };

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('unsaved.title')}
      description={t('unsaved.description')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      onConfirm={leave}
      onClose={stay}
      testId="unsaved-changes-dialog"
    />
  );
}

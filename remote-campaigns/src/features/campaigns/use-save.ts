import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toaster } from 'shared-ui';
import { errorMessage } from 'shared-data';
import type { SaveIntent } from './components/EditorForm';

/**
 * Saving an item from its editor: the server's success message as a toast, then back to the list;
 * on failure the server's message when it gives one, otherwise `fallback`.
 */
export function useSave<Body, Saved extends { message: string } = { message: string }>({
  save,
  listPath,
  fallback,
  goTo,
}: {
  save: (body: Body, intent: SaveIntent) => Promise<Saved>;
  listPath: string;
  fallback: string;
  /** Where a successful save goes instead of the list (a new e-mail opens in its editor). */
  goTo?: (saved: Saved) => string;
}) {
  const navigate = useNavigate();
  const onSubmit = useCallback(
    async (body: Body, intent: SaveIntent = { asDraft: false }) => {
      const saved = await save(body, intent);
      toaster.create({ type: 'success', title: saved.message });
      navigate(goTo ? goTo(saved) : listPath);
    },
    [save, navigate, listPath, goTo],
  );
  const onFailure = useCallback((error: unknown) => toaster.create({ type: 'error', title: errorMessage(error, fallback) }), [fallback]);
  const onCancel = useCallback(() => navigate(listPath), [navigate, listPath]);
  return { onSubmit, onFailure, onCancel };
}

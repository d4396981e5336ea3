import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Skeleton, Stack, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-auth';

type Load<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; item: T };

const statusOf = (error: unknown): number | undefined => (error as { response?: { status?: number } } | null)?.response?.status;

/**
 * Loads one saved item for its view or update screen: a skeleton meanwhile, a not-found state for a
 * missing item or one of another website (404, or 400 for an id that is no id), a retry on failure.
 */
export function LoadItem<T>({
  id,
  load,
  onBack,
  children,
}: {
  id: string;
  load: (id: string) => Promise<T>;
  onBack: () => void;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation('common');
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const fetchItem = useCallback(() => {
    let live = true;
    setState({ state: 'loading' });
    load(id)
      .then((item) => live && setState({ state: 'ready', item }))
      .catch((error) => {
        if (!live) return;
        const status = statusOf(error);
        if (status === 404 || status === 400) setState({ state: 'missing' });
        else setState({ state: 'failed', message: errorMessage(error, t('editor.loadError')) });
      });
    return () => {
      live = false;
    };
  }, [id, load, t]);
  useEffect(fetchItem, [fetchItem]);
  if (state.state === 'loading')
    return (
      <Stack gap="4" aria-busy="true" data-testid="editor-loading">
        <Skeleton h="10" maxW="md" />
        <Skeleton h="64" />
      </Stack>
    );
  if (state.state === 'missing')
    return (
      <StatePanel
        testId="editor-not-found"
        tone="warning"
        title={t('editor.notFound')}
        description={t('editor.notFoundHelp')}
        action={
          <Button variant="outline" onClick={onBack}>
            {t('editor.backToList')}
          </Button>
        }
      />
    );
  if (state.state === 'failed')
    return (
      <StatePanel
        testId="editor-load-error"
        tone="danger"
        title={state.message}
        action={
          <Button colorPalette="brand" onClick={fetchItem}>
            {tc('actions.retry')}
          </Button>
        }
      />
    );
  return <>{children(state.item)}</>;
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton, Stack, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, httpStatus } from 'shared-data';

/**
 * The states of one saved campaign read for its view or update screen (`usePopup(id)`…): a skeleton
 * meanwhile, a not-found state for a missing campaign or one of another website (404, or 400 for an
 * id that is no id), a retry on failure, then the campaign.
 */
export function QueriedItem<T>({ query, onBack, children }: { query: UseQueryResult<T>; onBack: () => void; children: (item: T) => ReactNode }) {
  const { t } = useTranslation('toursChecklists');
  const { t: tc } = useTranslation('common');
  if (query.isPending)
    return (
      <Stack gap="4" aria-busy="true" data-testid="editor-loading">
        <Skeleton h="10" maxW="md" />
        <Skeleton h="64" />
      </Stack>
    );
  if (query.isError) {
    const status = httpStatus(query.error);
    if (status === 404 || status === 400)
      return (
        <StatePanel
          testId="editor-not-found"
          tone="warning"
          title={t('tours.editor.notFound')}
          description={t('tours.editor.notFoundHelp')}
          action={
            <Button variant="outline" onClick={onBack}>
              {t('tours.editor.backToList')}
            </Button>
          }
        />
      );
    return (
      <StatePanel
        testId="editor-load-error"
        tone="danger"
        title={errorMessage(query.error, t('tours.editor.loadError'))}
        action={
          <Button colorPalette="brand" onClick={() => void query.refetch()}>
            {tc('actions.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}

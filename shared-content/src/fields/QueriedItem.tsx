import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton, Stack, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, httpStatus } from 'shared-data';

/** The remote's words for a saved item that cannot be shown (each remote keeps them in its own namespace). */
export interface QueriedItemTexts {
  notFound: string;
  notFoundHelp: string;
  backToList: string;
  loadError: string;
}

export interface QueriedItemProps<T> {
  query: UseQueryResult<T>;
  onBack: () => void;
  texts: QueriedItemTexts;
  children: (item: T) => ReactNode;
}

/**
 * The states of one saved item read for its view or update screen (`usePopup(id)`, `useTour(id)`…): a
 * skeleton meanwhile, a not-found state for a missing item or one of another website (404, or 400 for
 * an id that is no id), a retry on failure, then the item.
 */
export function QueriedItem<T>({ query, onBack, texts, children }: QueriedItemProps<T>) {
  const { t } = useTranslation('common');
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
          title={texts.notFound}
          description={texts.notFoundHelp}
          action={
            <Button variant="outline" onClick={onBack}>
              {texts.backToList}
            </Button>
          }
        />
      );
    return (
      <StatePanel
        testId="editor-load-error"
        tone="danger"
        title={errorMessage(query.error, texts.loadError)}
        action={
          <Button colorPalette="brand" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}

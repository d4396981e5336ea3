import type { ReactNode } from 'react';
import { RetryButton, Skeleton, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';

/** The part of a query a screen shows (a react-query result). */
export interface ShownQuery<D> {
  isError: boolean;
  error: unknown;
  data: D | undefined;
  refetch: () => unknown;
}

/**
 * What a screen shows of one read: the server's message with a retry when it failed, a skeleton
 * while it loads, then what `children` makes of the data.
 */
export function QueryContent<D>({
  query,
  errorFallback,
  skeletonHeight,
  children,
}: {
  query: ShownQuery<D>;
  /** Shown when the server gives no message. */
  errorFallback: string;
  skeletonHeight: string;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (query.isError)
    return (
      <StatePanel
        tone="danger"
        title={errorMessage(query.error, errorFallback)}
        action={<RetryButton onClick={() => void query.refetch()}>{t('actions.retry')}</RetryButton>}
      />
    );
  if (query.data === undefined) return <Skeleton height={skeletonHeight} />;
  return children(query.data);
}

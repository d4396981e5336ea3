import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageHeader, Stack } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import type { CampaignKindScreens } from '../content-list/kinds';
import { QueriedItem, type QueriedItemTexts } from '../fields/QueriedItem';
import { LifecycleBar, titleIn, type LifecycleItem } from './LifecycleBar';

/**
 * A saved item's update screen, the same for every kind: its title and description in the kind's
 * words (`{i18nKey}.update.*` in the kind's namespace), the item's loading and not-found states, then
 * its lifecycle bar (status, publish, schedule; a live item's edits wait beside it, and the bar says
 * so) above the kind's editor, remounted whenever the saved item changes.
 */
export function SavedItemScreen<T extends LifecycleItem & { updatedAt: string }>({
  kind,
  query,
  texts,
  onBack,
  actions,
  children,
}: {
  kind: Pick<CampaignKindScreens, 'namespace' | 'i18nKey' | 'lifecycle' | 'subject' | 'titleField'>;
  /** The item, read by the kind's own get call. */
  query: UseQueryResult<T>;
  texts: QueriedItemTexts;
  onBack: () => void;
  /** Links beside the title (open the statistics, build on the site…). */
  actions?: ReactNode;
  /** The kind's editor of the saved item. */
  children: (saved: T) => ReactNode;
}) {
  const { t } = useTranslation(kind.namespace);
  return (
    <>
      <PageHeader title={t(`${kind.i18nKey}.update.title`)} description={t(`${kind.i18nKey}.update.description`)} actions={actions} />
      <QueriedItem query={query} onBack={onBack} texts={texts}>
        {(saved) => (
          <Stack gap="6">
            <LifecycleBar calls={kind.lifecycle} subject={kind.subject} item={saved} title={titleIn(saved, kind.titleField)} />
            <Fragment key={`${saved._id}:${saved.updatedAt}`}>{children(saved)}</Fragment>
          </Stack>
        )}
      </QueriedItem>
    </>
  );
}

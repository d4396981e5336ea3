import { QueriedItem as SharedQueriedItem, type QueriedItemProps, type QueriedItemTexts } from 'shared-content';
import { useTranslation } from 'shared-i18n';

/** The campaigns' words for a saved campaign that cannot be shown. */
export function useItemTexts(): QueriedItemTexts {
  const { t } = useTranslation('campaigns');
  return { notFound: t('editor.notFound'), notFoundHelp: t('editor.notFoundHelp'), backToList: t('editor.backToList'), loadError: t('editor.loadError') };
}

/** The shared loading, not-found and error states of a saved campaign, in the campaigns' words. */
export function QueriedItem<T>(props: Omit<QueriedItemProps<T>, 'texts'>) {
  return <SharedQueriedItem {...props} texts={useItemTexts()} />;
}

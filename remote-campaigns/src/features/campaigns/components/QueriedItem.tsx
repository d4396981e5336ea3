import { QueriedItem as SharedQueriedItem, type QueriedItemProps } from 'shared-content';
import { useTranslation } from 'shared-i18n';

/** The shared loading, not-found and error states of a saved campaign, in the campaigns' words. */
export function QueriedItem<T>(props: Omit<QueriedItemProps<T>, 'texts'>) {
  const { t } = useTranslation('campaigns');
  const texts = {
    notFound: t('editor.notFound'),
    notFoundHelp: t('editor.notFoundHelp'),
    backToList: t('editor.backToList'),
    loadError: t('editor.loadError'),
  };
  return <SharedQueriedItem {...props} texts={texts} />;
}

import { QueriedItem as SharedQueriedItem, type QueriedItemProps } from 'shared-content';
import { useTranslation } from 'shared-i18n';

/** The shared loading, not-found and error states of a saved tour or checklist, in this remote's words. */
export function QueriedItem<T>(props: Omit<QueriedItemProps<T>, 'texts'>) {
  const { t } = useTranslation('toursChecklists');
  const texts = {
    notFound: t('tours.editor.notFound'),
    notFoundHelp: t('tours.editor.notFoundHelp'),
    backToList: t('tours.editor.backToList'),
    loadError: t('tours.editor.loadError'),
  };
  return <SharedQueriedItem {...props} texts={texts} />;
}

import { QueriedItem as SharedQueriedItem, type QueriedItemProps, type QueriedItemTexts } from 'shared-content';
import { useTranslation } from 'shared-i18n';

/** This remote's words for a saved tour or checklist that cannot be shown. */
export function useItemTexts(): QueriedItemTexts {
  const { t } = useTranslation('toursChecklists');
  return {
    notFound: t('tours.editor.notFound'),
    notFoundHelp: t('tours.editor.notFoundHelp'),
    backToList: t('tours.editor.backToList'),
    loadError: t('tours.editor.loadError'),
  };
}

/** The shared loading, not-found and error states of a saved tour or checklist, in this remote's words. */
export function QueriedItem<T>(props: Omit<QueriedItemProps<T>, 'texts'>) {
  return <SharedQueriedItem {...props} texts={useItemTexts()} />;
}

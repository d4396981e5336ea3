import { useParams } from 'react-router-dom';
import { SavedItemScreen } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import { POPUP_SCREENS } from '../campaigns/kinds';
import { useItemTexts } from '../campaigns/components/QueriedItem';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { usePopup } from './api/get-popup';
import { PopupForm } from './components/PopupForm';
import { documentOf } from './popup-document';
import { usePopupSave } from './use-popup-save';

/** /posts/{id}/update (update_posts): the saved popup in the editor; saving sends the whole document. */
export default function PopupUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('popup');
  const save = usePopupSave(id);
  const item = usePopup(id);
  const texts = useItemTexts();
  return (
    <SavedItemScreen kind={POPUP_SCREENS} query={item} texts={texts} onBack={save.onCancel}>
      {(saved) => <PopupForm mode="update" defaultValues={documentOf(saved)} options={options} submitLabel={t('editor.save')} {...save} />}
    </SavedItemScreen>
  );
}

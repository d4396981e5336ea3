import { useParams } from 'react-router-dom';
import type { BannerBody } from 'contracts';
import { SavedItemScreen } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import { BANNER_SCREENS } from '../campaigns/kinds';
import { useItemTexts } from '../campaigns/components/QueriedItem';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { useSave } from '../campaigns/use-save';
import { useBanner } from './api/get-banner';
import { useUpdateBanner } from './api/update-banner';
import { documentOf } from './banner-document';
import { BannerForm } from './components/BannerForm';

/** /banners/{id}/update (update_banners): the saved banner in the editor ('Error while updating banner' when the server gives no message). */
export default function BannerUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('banner');
  const { mutateAsync: update } = useUpdateBanner();
  const save = useSave({
    save: (body: BannerBody) => update({ params: { id }, body }),
    listPath: BANNER_SCREENS.basePath,
    fallback: t('messages.bannerUpdateFailed'),
  });
  const item = useBanner(id);
  const texts = useItemTexts();
  return (
    <SavedItemScreen kind={BANNER_SCREENS} query={item} texts={texts} onBack={save.onCancel}>
      {(saved) => <BannerForm mode="update" defaultValues={documentOf(saved)} options={options} submitLabel={t('editor.save')} {...save} />}
    </SavedItemScreen>
  );
}

import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { BannerDocument } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { LoadItem } from '../campaigns-common/components/LoadItem';
import { useCampaignOptions } from '../campaigns-common/use-campaign-options';
import { useSave } from '../campaigns-common/use-save';
import { getBanner } from './api/get-banner';
import { updateBanner } from './api/update-banner';
import { documentOf } from './banner-document';
import { BannerForm } from './components/BannerForm';

/** /banners/{id}/update (update_banners): the saved banner in the editor ('Error while updating banner' when the server gives no message). */
export default function BannerUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('banner');
  const save = useSave({
    save: useCallback((body: BannerDocument) => updateBanner(id, body), [id]),
    listPath: '/banners',
    fallback: t('messages.bannerUpdateFailed'),
  });
  return (
    <>
      <PageHeader title={t('banners.update.title')} description={t('banners.update.description')} />
      <LoadItem id={id} load={getBanner} onBack={save.onCancel}>
        {(banner) => (
          <BannerForm key={banner._id} mode="update" defaultValues={documentOf(banner)} options={options} submitLabel={t('editor.save')} {...save} />
        )}
      </LoadItem>
    </>
  );
}

import { useParams } from 'react-router-dom';
import type { BannerBody } from 'contracts';
import { PageHeader, Stack } from 'shared-ui';
import { LifecycleBar } from 'shared-content';
import { BANNER_SCREENS } from '../campaigns/kinds';
import { useTranslation } from 'shared-i18n';
import { QueriedItem } from '../campaigns/components/QueriedItem';
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
  const banner = useBanner(id);
  const { mutateAsync: update } = useUpdateBanner();
  const save = useSave({
    save: (body: BannerBody) => update({ params: { id }, body }),
    listPath: BANNER_SCREENS.basePath,
    fallback: t('messages.bannerUpdateFailed'),
  });
  return (
    <>
      <PageHeader title={t('banners.update.title')} description={t('banners.update.description')} />
      <QueriedItem query={banner} onBack={save.onCancel}>
        {(saved) => (
          // A live item's edits are saved beside it: the bar says so and publishes or discards them.
          <Stack gap="6">
            <LifecycleBar calls={BANNER_SCREENS.lifecycle} subject={BANNER_SCREENS.subject} item={saved} />
            <BannerForm
              key={`${saved._id}:${saved.updatedAt}`}
              mode="update"
              defaultValues={documentOf(saved)}
              options={options}
              submitLabel={t('editor.save')}
              {...save}
            />
          </Stack>
        )}
      </QueriedItem>
    </>
  );
}

import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { defaultBanner, type BannerBody } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { workspaceOfCreateRoute } from 'shared-content';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { useSave } from '../campaigns/use-save';
import { useCreateBanner } from './api/create-banner';
import { BannerForm } from './components/BannerForm';
import { BANNER_SCREENS } from '../campaigns/kinds';

/** /banners/{id}/create (create_banners): a new banner in workspace {id} (/banners/create: in none), from the default settings. */
export default function BannerCreateScreen() {
  const { t } = useTranslation('campaigns');
  const { id } = useParams();
  const options = useCampaignOptions('banner');
  const { mutateAsync: create } = useCreateBanner();
  const save = useSave({
    save: (body: BannerBody, intent) => create({ body, query: intent.asDraft ? { draft: 'true' } : {} }),
    listPath: BANNER_SCREENS.basePath,
    fallback: t('messages.bannerCreateFailed'),
  });
  const defaults = useMemo(() => defaultBanner(workspaceOfCreateRoute(id)), [id]);
  return (
    <>
      <PageHeader title={t('banners.create.title')} description={t('banners.create.description')} />
      <BannerForm
        mode="create"
        defaultValues={defaults}
        options={options}
        draftLabel={t('editor.saveAsDraft')}
        submitLabel={t('banners.create.submit')}
        {...save}
      />
    </>
  );
}

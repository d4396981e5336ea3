import type { PopupDocumentInput } from 'contracts';
import { SimpleGrid } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import type { CampaignOptions } from '../use-campaign-options';
import { IdSelect } from './IdSelect';

type Organisation = Pick<PopupDocumentInput, 'tag' | 'workspace'>;

/** Tag and workspace of an item (every campaign document holds both at its root). */
export function OrganisationFields({ options }: { options: CampaignOptions }) {
  const { t } = useTranslation('campaigns');
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <IdSelect<Organisation> name="tag" label={t('organisation.tag')} noneLabel={t('organisation.noTag')} items={options.tags} testId="field-tag" />
      <IdSelect<Organisation>
        name="workspace"
        label={t('organisation.workspace')}
        noneLabel={t('organisation.noWorkspace')}
        items={options.workspaces}
        testId="field-workspace"
      />
    </SimpleGrid>
  );
}

import type { PopupDocumentInput } from 'contracts';
import { IdSelectPair } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import type { CampaignOptions } from '../use-campaign-options';

type Organisation = Pick<PopupDocumentInput, 'tag' | 'workspace'>;

/** Tag and workspace of an item (every campaign document holds both at its root). */
export function OrganisationFields({ options }: { options: CampaignOptions }) {
  const { t } = useTranslation('campaigns');
  return (
    <IdSelectPair<Organisation>
      fields={[
        { name: 'tag', label: t('organisation.tag'), noneLabel: t('organisation.noTag'), items: options.tags, testId: 'field-tag' },
        {
          name: 'workspace',
          label: t('organisation.workspace'),
          noneLabel: t('organisation.noWorkspace'),
          items: options.workspaces,
          testId: 'field-workspace',
        },
      ]}
    />
  );
}

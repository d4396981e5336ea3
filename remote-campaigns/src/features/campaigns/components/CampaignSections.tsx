import { useFormContext } from 'react-hook-form';
import { EditorSection, OrganisationFields, TargetingFields, useFieldMessage } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import type { CampaignOptions } from '../use-campaign-options';

/** The targeting section of the popup and banner editors (the push editor picks one group and audience instead). */
export function TargetingSection({ options, serverError }: { options: CampaignOptions; serverError: unknown }) {
  const { t } = useTranslation('campaigns');
  const message = useFieldMessage(useFormContext().formState.errors);
  return (
    <EditorSection title={t('popups.sections.targeting')} testId="section-targeting">
      <TargetingFields options={options} serverError={serverError} fieldMessage={message} />
    </EditorSection>
  );
}

/** The organisation section (tag, workspace) every campaign editor ends with. */
export function OrganisationSection({ options }: { options: CampaignOptions }) {
  const { t } = useTranslation('campaigns');
  return (
    <EditorSection title={t('popups.sections.organisation')} testId="section-organisation">
      <OrganisationFields options={options} namespace="campaigns" prefix="organisation" />
    </EditorSection>
  );
}

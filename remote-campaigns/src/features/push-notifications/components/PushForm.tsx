import { Controller, useFormContext } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAMPAIGN_DEVICES,
  CAMPAIGN_GOALS,
  CAMPAIGN_STATUSES,
  PUSH_ACTION_TARGETS,
  PUSH_DURATION_MAX,
  PUSH_DURATION_MIN,
  pushNotificationDocumentSchema,
  type PushNotificationDocument,
  type PushNotificationDocumentInput,
} from 'contracts';
import { FormField, Input, SimpleGrid, Textarea } from 'shared-ui';
import { EditorSection, IdSelect, Toggle, useFieldMessage } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import type { CampaignOptions } from '../../campaigns/use-campaign-options';
import { OrganisationSection } from '../../campaigns/components/CampaignSections';
import { EditorForm, type CampaignFormProps } from '../../campaigns/components/EditorForm';
import { EnumSelect } from '../../campaigns/components/EnumSelect';
import { ImageUploadField } from '../../campaigns/components/ImageUploadField';
import { PushPreview } from './PushPreview';

type Values = PushNotificationDocumentInput;

function PushSections({ options, readOnly }: { options: CampaignOptions; readOnly: boolean }) {
  const { t } = useTranslation('campaigns');
  const { control, register, formState } = useFormContext<Values>();
  const message = useFieldMessage(formState.errors);
  return (
    <>
      <EditorSection title={t('push.sections.message')} testId="section-message">
        <FormField label={t('push.fields.pushTitle')} helper={t('push.fields.pushTitleHelp')} error={message('push_notification_title')} required>
          <Input {...register('push_notification_title')} autoComplete="off" data-testid="field-push-title" />
        </FormField>
        <FormField label={t('push.fields.title')} error={message('title')} required>
          <Input {...register('title')} autoComplete="off" data-testid="field-title" />
        </FormField>
        <FormField label={t('push.fields.body')} error={message('body')} required>
          <Textarea rows={3} {...register('body')} data-testid="field-body" />
        </FormField>
        <Controller
          control={control}
          name="icon"
          render={({ field }) => (
            <FormField label={t('push.fields.icon')} error={message('icon')}>
              <ImageUploadField value={field.value} onChange={field.onChange} label={t('push.fields.icon')} testId="field-icon" disabled={readOnly} />
            </FormField>
          )}
        />
      </EditorSection>
      <EditorSection title={t('push.sections.action')} testId="section-action">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('push.fields.actionUrl')} error={message('action.url')}>
            <Input dir="ltr" placeholder="https://" {...register('action.url')} data-testid="field-action-url" />
          </FormField>
          <EnumSelect<Values>
            name="action.target"
            values={PUSH_ACTION_TARGETS}
            label={t('push.fields.actionTarget')}
            table="linkTarget"
            testId="field-action-target"
          />
        </SimpleGrid>
      </EditorSection>
      <EditorSection title={t('push.sections.delivery')} testId="section-delivery">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <EnumSelect<Values> name="devices" values={CAMPAIGN_DEVICES} label={t('push.fields.devices')} table="devices" testId="field-devices" />
          <FormField
            label={t('push.fields.duration')}
            helper={t('push.fields.durationHelp', { min: PUSH_DURATION_MIN, max: PUSH_DURATION_MAX })}
            error={message('duration')}
          >
            <Input
              type="number"
              min={PUSH_DURATION_MIN}
              max={PUSH_DURATION_MAX}
              {...register('duration', { valueAsNumber: true })}
              data-testid="field-duration"
            />
          </FormField>
          <EnumSelect<Values> name="goal" values={CAMPAIGN_GOALS} label={t('push.fields.goal')} table="goal" testId="field-goal" />
          <EnumSelect<Values> name="status" values={CAMPAIGN_STATUSES} label={t('push.fields.status')} table="status" testId="field-status" />
        </SimpleGrid>
        <Toggle<Values> name="audio" label={t('push.fields.audio')} testId="field-audio" />
      </EditorSection>
      <EditorSection title={t('popups.sections.targeting')} testId="section-targeting">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <IdSelect<Values> name="group" label={t('push.fields.group')} noneLabel={t('push.fields.anyGroup')} items={options.groups} testId="field-group" />
          <IdSelect<Values>
            name="audience"
            label={t('push.fields.audience')}
            noneLabel={t('push.fields.anyAudience')}
            items={options.segments}
            testId="field-audience"
          />
        </SimpleGrid>
      </EditorSection>
      <OrganisationSection options={options} />
    </>
  );
}

export type PushFormProps = CampaignFormProps<Values, PushNotificationDocument>;

/**
 * The push-notification editor: its name in the console, the title and body the visitor reads, the
 * icon (uploaded), where a click goes, devices, sound, time on screen, group, audience, goal, status,
 * tag and workspace, beside the live notification preview.
 */
export function PushForm(props: PushFormProps) {
  return (
    <EditorForm<Values, PushNotificationDocument>
      {...props}
      resolver={zodResolver(pushNotificationDocumentSchema)}
      testId="push-form"
      preview={(values) => <PushPreview push={values} />}
    >
      {() => <PushSections options={props.options} readOnly={props.mode === 'view'} />}
    </EditorForm>
  );
}

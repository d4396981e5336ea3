import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BANNER_ACTION_TYPES,
  BANNER_POSITIONS,
  BANNER_STYLES,
  BANNER_TARGET_DEVICES,
  CAMPAIGN_PRIORITIES,
  CAMPAIGN_STATUSES,
  DEFAULT_EMOJIS,
  bannerDocumentSchema,
  type BannerAction,
  type BannerDocument,
  type BannerDocumentInput,
} from 'contracts';
import { FormField, Input, SelectField, SimpleGrid, Stack, Textarea } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import type { CampaignOptions } from '../../campaigns/use-campaign-options';
import { OrganisationSection, TargetingSection } from '../../campaigns/components/CampaignSections';
import { ColorField, EditorSection, Toggle, useFieldMessage } from 'shared-content';
import { EditorForm, type CampaignFormProps } from '../../campaigns/components/EditorForm';
import { EmojiPicker } from '../../campaigns/components/EmojiPicker';
import { EnumSelect } from '../../campaigns/components/EnumSelect';
import { BannerPreview } from './BannerPreview';

/** The action a type starts with when the user switches to it (the contract's defaults). */
export function defaultAction(type: BannerAction['type']): BannerAction {
  if (type === 'url') return { type, urlText: '', url: '', isUrlOpenedInNewTab: true, closeBannerOnClick: false };
  if (type === 'reactions') return { type, reactionsList: [...DEFAULT_EMOJIS], closeBannerOnClick: false };
  return { type: 'none' };
}

function ActionFields() {
  const { t } = useTranslation('campaigns');
  const { control, register, setValue, formState } = useFormContext<BannerDocumentInput>();
  const message = useFieldMessage(formState.errors);
  const action = useWatch({ control, name: 'actions' }) ?? { type: 'none' };
  return (
    <Stack gap="3">
      <SelectField
        label={t('banners.fields.actionType')}
        error={message('actions.type')}
        options={BANNER_ACTION_TYPES.map((v) => ({ value: v, label: t(`values.actionType.${v}`) }))}
        value={action.type}
        // Each type has its own fields: switching starts the new type from its defaults.
        onChange={(e) => setValue('actions', defaultAction(e.target.value as BannerAction['type']), { shouldDirty: true })}
        testId="field-action-type"
      />
      {action.type === 'url' && (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label={t('banners.fields.urlText')} error={message('actions.urlText')} required>
              <Input {...register('actions.urlText')} data-testid="field-url-text" />
            </FormField>
            <FormField label={t('banners.fields.url')} error={message('actions.url')} required>
              <Input dir="ltr" placeholder="https://" {...register('actions.url')} data-testid="field-url" />
            </FormField>
          </SimpleGrid>
          <Toggle<BannerDocumentInput> name="actions.isUrlOpenedInNewTab" label={t('banners.fields.newTab')} testId="field-new-tab" />
          <Toggle<BannerDocumentInput> name="actions.closeBannerOnClick" label={t('banners.fields.closeOnClick')} testId="field-close-on-click" />
        </>
      )}
      {action.type === 'reactions' && (
        <>
          <Controller
            control={control}
            name="actions.reactionsList"
            render={({ field }) => (
              <FormField label={t('banners.fields.reactions')} error={message('actions.reactionsList')}>
                <EmojiPicker value={field.value ?? []} onChange={field.onChange} testId="field-reactions" />
              </FormField>
            )}
          />
          <Toggle<BannerDocumentInput> name="actions.closeBannerOnClick" label={t('banners.fields.closeOnClick')} testId="field-close-on-click" />
        </>
      )}
    </Stack>
  );
}

export type BannerFormProps = CampaignFormProps<BannerDocumentInput, BannerDocument>;

/**
 * The banner editor: title and content, settings (priority, background colour, target device,
 * style, position), show sender, dismiss button, the action (none, a link, or reactions), status,
 * targeting and organisation, beside the live preview.
 */
export function BannerForm(props: BannerFormProps) {
  return (
    <EditorForm<BannerDocumentInput, BannerDocument>
      {...props}
      resolver={zodResolver(bannerDocumentSchema)}
      testId="banner-form"
      preview={(values) => <BannerPreview banner={values} />}
    >
      {(_form, serverError) => <BannerSections serverError={serverError} options={props.options} />}
    </EditorForm>
  );
}

function BannerSections({ serverError, options }: { serverError: unknown; options: CampaignOptions }) {
  const { t } = useTranslation('campaigns');
  const form = useFormContext<BannerDocumentInput>();
  const message = useFieldMessage(form.formState.errors);
  return (
    <>
      <EditorSection title={t('banners.sections.content')} testId="section-content">
        <FormField label={t('banners.fields.title')} error={message('titleOfBanner')} required>
          <Input {...form.register('titleOfBanner')} autoComplete="off" data-testid="field-title" />
        </FormField>
        <FormField label={t('banners.fields.content')} error={message('content')} required>
          <Textarea rows={3} {...form.register('content')} data-testid="field-content" />
        </FormField>
        <Toggle<BannerDocumentInput> name="showSender" label={t('banners.fields.showSender')} testId="field-show-sender" />
        <Toggle<BannerDocumentInput> name="dismissButton" label={t('banners.fields.dismissButton')} testId="field-dismiss" />
      </EditorSection>
      <EditorSection title={t('banners.sections.settings')} testId="section-settings">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <EnumSelect<BannerDocumentInput>
            name="settings.bannerStyle"
            values={BANNER_STYLES}
            label={t('banners.fields.style')}
            table="bannerStyle"
            testId="field-style"
          />
          <EnumSelect<BannerDocumentInput>
            name="settings.bannerPosition"
            values={BANNER_POSITIONS}
            label={t('banners.fields.position')}
            table="bannerPosition"
            testId="field-position"
          />
          <EnumSelect<BannerDocumentInput>
            name="settings.targetDevice"
            values={BANNER_TARGET_DEVICES}
            label={t('banners.fields.targetDevice')}
            table="devices"
            testId="field-devices"
          />
          <EnumSelect<BannerDocumentInput>
            name="settings.priority"
            values={CAMPAIGN_PRIORITIES}
            label={t('banners.fields.priority')}
            table="priority"
            testId="field-priority"
          />
          <EnumSelect<BannerDocumentInput> name="status" values={CAMPAIGN_STATUSES} label={t('banners.fields.status')} table="status" testId="field-status" />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="settings.backgroundColor"
          render={({ field }) => (
            <FormField label={t('banners.fields.background')} error={message('settings.backgroundColor')}>
              <ColorField value={field.value} onChange={field.onChange} label={t('banners.fields.background')} testId="field-background" />
            </FormField>
          )}
        />
      </EditorSection>
      <EditorSection title={t('banners.sections.action')} testId="section-action">
        <ActionFields />
      </EditorSection>
      <TargetingSection options={options} serverError={serverError} />
      <OrganisationSection options={options} />
    </>
  );
}

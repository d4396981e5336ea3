import { useState } from 'react';
import { Controller, useFormContext, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LIMITS,
  CAMPAIGN_DEVICES,
  CAMPAIGN_GOALS,
  CAMPAIGN_PRIORITIES,
  CAMPAIGN_STATUSES,
  POPUP_FONT_FAMILIES,
  POPUP_FONT_WEIGHTS,
  POPUP_FORMATS,
  POPUP_MAX_DURATION_DAYS,
  POPUP_POSITIONS,
  POPUP_REPLAY_TYPES,
  POPUP_SHOW_AGAIN,
  pageRuleExample,
  popupDocumentSchema,
  type PopupDocument,
  type PopupDocumentInput,
} from 'contracts';
import { FormField, HStack, Input, SimpleGrid, Text, chakra } from 'shared-ui';
import { useSession } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import type { CampaignOptions } from '../../campaigns/use-campaign-options';
import { OrganisationSection, TargetingSection } from '../../campaigns/components/CampaignSections';
import { ColorField, EditorSection, useFieldMessage } from 'shared-content';
import { EditorForm, type CampaignFormProps } from '../../campaigns/components/EditorForm';
import { EnumSelect } from '../../campaigns/components/EnumSelect';
import { EmojiPicker } from '../../campaigns/components/EmojiPicker';
import { ImageUploadField } from '../../campaigns/components/ImageUploadField';
import { DISPLAY_SECONDS, msToSeconds, secondsToMs } from '../editor-logic';
import { PagesEditor } from './PagesEditor';
import { PopupPreview } from './PopupPreview';

export type PopupFormProps = CampaignFormProps<PopupDocumentInput, PopupDocument>;

/**
 * The popup editor (create, view read-only, update): react-hook-form validated by the contract's
 * schema, the same one the server applies. Content pages of blocks, title style, appearance, rules
 * (display time in seconds, stored in milliseconds), targeting and organisation, beside the live
 * preview of the page being edited. A failed save keeps everything typed.
 */
export function PopupForm({ mode, options, ...props }: PopupFormProps) {
  const [page, setPage] = useState(0);
  return (
    <EditorForm<PopupDocumentInput, PopupDocument>
      {...props}
      mode={mode}
      resolver={zodResolver(popupDocumentSchema)}
      testId="popup-form"
      preview={(values) => <PopupPreview popup={values} page={page} onPageChange={setPage} />}
      // An invalid field may sit on another page: show the first page that has one.
      onInvalid={(errors) => {
        const pages = errors.content;
        const first = Array.isArray(pages) ? pages.findIndex(Boolean) : -1;
        if (first >= 0) setPage(first);
      }}
    >
      {(_form, serverError) => <PopupSections options={options} readOnly={mode === 'view'} serverError={serverError} page={page} onPageChange={setPage} />}
    </EditorForm>
  );
}

function PopupSections({
  options,
  readOnly,
  serverError,
  page,
  onPageChange,
}: {
  options: CampaignOptions;
  readOnly: boolean;
  serverError: unknown;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation('campaigns');
  const { control, register, formState, getValues, setValue } = useFormContext<PopupDocumentInput>();
  const message = useFieldMessage(formState.errors);
  /**
   * The one emoji control edits two fields of the contract: the popup's `emojis`, and the own list an
   * emoji reactions block may still carry (saved before the block lost its own control), emptied so
   * that every block offers the popup's emojis, as the help says.
   */
  const changeEmojis = (next: string[], onChange: (next: string[]) => void) => {
    onChange(next);
    (getValues('content') ?? []).forEach((p, i) =>
      (p.content ?? []).forEach((b, j) => {
        if (b.kind === 'emojis' && (b.emojis ?? []).length > 0) setValue(`content.${i}.content.${j}.emojis`, [], { shouldDirty: true });
      }),
    );
  };
  const select = (name: Path<PopupDocumentInput>, values: readonly string[], labelKey: string, testId: string) => (
    <EnumSelect<PopupDocumentInput> name={name} values={values} label={t(`popups.fields.${labelKey}`)} table={labelKey} testId={testId} />
  );

  return (
    <>
      <EditorSection title={t('popups.sections.title')} testId="section-title">
        <FormField label={t('popups.fields.title')} error={message('titleOfPopup.label')} required>
          <Input {...register('titleOfPopup.label')} autoComplete="off" data-testid="field-title" />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <FormField label={t('popups.fields.fontSize')} error={message('titleOfPopup.fontSize')}>
            <Input
              type="number"
              min={LIMITS.fontSizeMin}
              max={LIMITS.fontSizeMax}
              {...register('titleOfPopup.fontSize', { valueAsNumber: true })}
              data-testid="field-font-size"
            />
          </FormField>
          {select('titleOfPopup.fontFamily', POPUP_FONT_FAMILIES, 'fontFamily', 'field-font-family')}
          {select('titleOfPopup.fontWeight', POPUP_FONT_WEIGHTS, 'fontWeight', 'field-font-weight')}
        </SimpleGrid>
        <Controller
          control={control}
          name="titleOfPopup.color"
          render={({ field }) => (
            <FormField label={t('popups.fields.titleColor')} error={message('titleOfPopup.color')}>
              <ColorField value={field.value} onChange={field.onChange} label={t('popups.fields.titleColor')} />
            </FormField>
          )}
        />
      </EditorSection>

      <EditorSection title={t('popups.sections.content')} testId="section-content">
        <PagesEditor page={page} onPageChange={onPageChange} readOnly={readOnly} />
      </EditorSection>

      <EditorSection title={t('popups.sections.appearance')} testId="section-appearance">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {select('format', POPUP_FORMATS, 'format', 'field-format')}
          {select('position', POPUP_POSITIONS, 'position', 'field-position')}
          {select('replayType', POPUP_REPLAY_TYPES, 'replayType', 'field-replay-type')}
        </SimpleGrid>
        <Controller
          control={control}
          name="emojis"
          render={({ field }) => (
            <FormField label={t('popups.fields.emojis')} helper={t('popups.fields.emojisHelp')} error={message('emojis')}>
              <EmojiPicker value={field.value ?? []} onChange={(next) => changeEmojis(next, field.onChange)} testId="field-emojis" />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="popupBackground"
          render={({ field }) => (
            <FormField label={t('popups.fields.background')} error={message('popupBackground')}>
              <ColorField value={field.value} onChange={field.onChange} label={t('popups.fields.background')} testId="field-background" />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="popupBackgroundImage"
          render={({ field }) => (
            <FormField label={t('popups.fields.backgroundImage')} error={message('popupBackgroundImage')}>
              <ImageUploadField
                value={field.value}
                onChange={field.onChange}
                label={t('popups.fields.backgroundImage')}
                testId="field-background-image"
                disabled={readOnly}
              />
            </FormField>
          )}
        />
      </EditorSection>

      <EditorSection title={t('popups.sections.rules')} testId="section-rules">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {select('status', CAMPAIGN_STATUSES, 'status', 'field-status')}
          {select('priority', CAMPAIGN_PRIORITIES, 'priority', 'field-priority')}
          {select('devices', CAMPAIGN_DEVICES, 'devices', 'field-devices')}
        </SimpleGrid>
        <Controller
          control={control}
          name="rules.displayTime"
          render={({ field }) => {
            const seconds = msToSeconds(field.value);
            const change = (raw: string) => field.onChange(raw === '' ? Number.NaN : secondsToMs(Number(raw)));
            return (
              <FormField label={t('popups.fields.displayTime')} helper={t('popups.fields.displayTimeHelp')} error={message('rules.displayTime')}>
                <HStack gap="3" width="full">
                  <chakra.input
                    type="range"
                    flex="1"
                    accentColor="brand.solid"
                    min={DISPLAY_SECONDS.min}
                    max={DISPLAY_SECONDS.max}
                    step={DISPLAY_SECONDS.step}
                    value={Number.isFinite(seconds) ? Math.min(Math.max(seconds, DISPLAY_SECONDS.min), DISPLAY_SECONDS.max) : DISPLAY_SECONDS.default}
                    onChange={(e) => change(e.target.value)}
                    aria-label={t('popups.fields.displayTimeSlider')}
                    data-testid="field-display-time-slider"
                  />
                  <Input
                    type="number"
                    w="24"
                    min={DISPLAY_SECONDS.min}
                    max={DISPLAY_SECONDS.max}
                    step={DISPLAY_SECONDS.step}
                    value={Number.isFinite(seconds) ? seconds : ''}
                    onChange={(e) => change(e.target.value)}
                    onBlur={field.onBlur}
                    aria-label={t('popups.fields.displayTimeSeconds')}
                    data-testid="field-display-time"
                  />
                  <Text fontSize="sm" color="fg.muted">
                    {t('popups.fields.seconds')}
                  </Text>
                </HStack>
              </FormField>
            );
          }}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {/* Whether a visitor who closed the popup gets it again (the website script's replay rule). */}
          {select('rules.showAgain', POPUP_SHOW_AGAIN, 'showAgain', 'field-show-again')}
          {select('goal', CAMPAIGN_GOALS, 'goal', 'field-goal')}
          <FormField label={t('popups.fields.duration')} helper={t('popups.fields.durationHelp')} error={message('duration')}>
            <Input type="number" min={0} max={POPUP_MAX_DURATION_DAYS} {...register('duration', { valueAsNumber: true })} data-testid="field-duration" />
          </FormField>
        </SimpleGrid>
        <FormField label={t('popups.fields.href')} helper={<PageRuleHelp />} error={message('href')}>
          <Input dir="ltr" placeholder="/pricing" {...register('href')} data-testid="field-href" />
        </FormField>
      </EditorSection>

      <TargetingSection options={options} serverError={serverError} />
      <OrganisationSection options={options} />
    </>
  );
}

/**
 * The page rule's help: how rules are written, and a live example of an address on the active website
 * the rule typed so far matches (the same matcher the server uses), or that it can never match.
 */
function PageRuleHelp() {
  const { t } = useTranslation('campaigns');
  const { activeWebsite } = useSession();
  const rule = useWatch<PopupDocumentInput, 'href'>({ name: 'href' }) ?? '';
  const domain = activeWebsite?.domain ?? 'www.example.com';
  const origin = `${/^(localhost|127\.0\.0\.1)(:|$)/.test(domain) ? 'http' : 'https'}://${domain}`;
  const example = pageRuleExample(rule, origin);
  return (
    <>
      {t('popups.fields.hrefHelp')}{' '}
      <chakra.span data-testid="field-href-example">
        {!rule.trim()
          ? t('popups.fields.hrefEveryPage')
          : example === null
            ? t('popups.fields.hrefNeverMatches')
            : t('popups.fields.hrefExample', { address: example })}
      </chakra.span>
    </>
  );
}

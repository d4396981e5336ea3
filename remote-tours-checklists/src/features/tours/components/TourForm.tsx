import { useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { CAMPAIGN_DEVICES, CAMPAIGN_PRIORITIES, LIMITS, TOUR_END_ANIMATIONS, defaultTourStep, pageRuleExample, type TourDocument } from 'contracts';
import { Box, Button, Card, FormField, Grid, HStack, Heading, Input, SimpleGrid, Stack, Text, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useInterfaceToggle, type InterfaceToggle } from 'shared-auth';
import { ColorField, EditorSection as Section, Toggle } from 'shared-content';
import { tourFormSchema, type TourFormValues } from '../tour-document';
import type { TourOptions } from '../tour-options';
import { EnumSelect } from './EnumSelect';
import { AudienceFields, ItemEditor, useItemForm, type ItemFormProps } from './ItemEditor';
import { StepFields } from './StepFields';
import { StepList } from './StepList';
import { StepPreview } from './StepPreview';

/**
 * A part of the editor that opens and closes with one of the console's interface toggles (remembered,
 * closed by default): a disclosure button heading the part it controls.
 */
function ToggledSection({ toggle, title, children, testId }: { toggle: InterfaceToggle; title: string; children: ReactNode; testId: string }) {
  const [open, , flip] = useInterfaceToggle(toggle);
  const panelId = `${testId}-panel`;
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Header pb={open ? '0' : undefined}>
        <Heading as="h2" size="md">
          <chakra.button
            type="button"
            display="flex"
            alignItems="center"
            gap="2"
            w="full"
            textAlign="start"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={flip}
            data-testid={`${testId}-toggle`}
            borderRadius="sm"
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
          >
            {open ? (
              <ChevronDown size={18} aria-hidden />
            ) : (
              <chakra.span display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
                <ChevronRight size={18} aria-hidden />
              </chakra.span>
            )}
            {title}
          </chakra.button>
        </Heading>
      </Card.Header>
      <Card.Body id={panelId} hidden={!open}>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

export type TourFormProps = ItemFormProps<TourFormValues, TourOptions>;

/**
 * The tour editor: its title, its steps (listed, reordered by drag or keyboard, one edited at a time
 * beside the preview of what a visitor sees), the tour's settings (the "tour editor" toggle)
 * and who sees it (the popups' targeting, under the "posts tour panel" toggle), validated with
 * the contract's schema; the server's field messages land on their fields after a failed save.
 */
export function TourForm({ defaultValues, submitLabel, onSubmit, onFailure, onCancel, options }: TourFormProps) {
  const { t } = useTranslation('toursChecklists');
  const [selected, setSelected] = useState(0);
  const { form, submit, serverError, message } = useItemForm(tourFormSchema, { defaultValues, onSubmit, onFailure }, (errors) => {
    // Show the step holding the first error.
    const stepErrors = errors.steps as unknown as unknown[] | undefined;
    const first = Array.isArray(stepErrors) ? stepErrors.findIndex(Boolean) : -1;
    if (first >= 0) setSelected(first);
  });
  const { control, register } = form;
  // `key`: react-hook-form's own key per step, so the step's `id` (the server's) stays the step's.
  const steps = useFieldArray({ control, name: 'steps', keyName: 'key' });
  const values = useWatch({ control }) as Partial<TourFormValues>;
  const insertable = values.insertable_url?.trim() ? pageRuleExample(values.insertable_url) : null;

  const summaries = steps.fields.map((f, i) => {
    const v = (values.steps?.[i] ?? {}) as Partial<TourDocument['steps'][number]>;
    return { key: f.key, title: v.title, content: v.content, selector: v.target?.selector, url: v.url };
  });
  const current = Math.min(selected, Math.max(0, steps.fields.length - 1));

  const addStep = () => {
    steps.append(defaultTourStep());
    setSelected(steps.fields.length);
  };
  const removeStep = (index: number) => {
    steps.remove(index);
    setSelected((s) => (s > index ? s - 1 : Math.min(s, steps.fields.length - 2)));
  };
  const moveStep = (from: number, to: number) => {
    steps.move(from, to);
    setSelected(to);
  };

  return (
    <ItemEditor form={form} submit={submit} testId="tour-form" submitLabel={submitLabel} onCancel={onCancel}>
      <Stack gap="5">
        <Section title={t('tours.sections.tour')} testId="section-tour">
          <FormField label={t('tours.fields.title')} error={message('title')} required>
            <Input {...register('title')} dir="auto" maxLength={LIMITS.titleMax} autoComplete="off" data-testid="field-title" />
          </FormField>
        </Section>
        <Section title={t('tours.sections.steps')} testId="section-steps">
          <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
            <Stack gap="3">
              <StepList steps={summaries} selected={current} onSelect={setSelected} onMove={moveStep} onRemove={removeStep} />
              {message('steps') && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {message('steps')}
                </Text>
              )}
              <Button
                variant="outline"
                size="sm"
                alignSelf="start"
                onClick={addStep}
                disabled={steps.fields.length >= LIMITS.tourStepsMax}
                data-testid="tour-add-step"
              >
                <Plus size={14} aria-hidden />
                {t('tours.steps.add')}
              </Button>
              {steps.fields[current] && (
                <Box borderTopWidth="1px" pt="4">
                  <Heading as="h3" size="sm" mb="3">
                    {t('tours.steps.editing', { number: current + 1 })}
                  </Heading>
                  <StepFields key={steps.fields[current].key} index={current} />
                </Box>
              )}
            </Stack>
            <Box position={{ xl: 'sticky' }} top="0">
              <StepPreview tour={values} index={current} />
            </Box>
          </Grid>
        </Section>
        <ToggledSection toggle="tourEditor" title={t('tours.sections.settings')} testId="section-settings">
          <FormField
            label={t('tours.fields.insertableUrl')}
            error={message('insertable_url')}
            helper={insertable ? t('tours.fields.urlExample', { example: insertable }) : t('tours.fields.insertableUrlHelp')}
          >
            <Input {...register('insertable_url')} dir="ltr" autoComplete="off" data-testid="field-insertable-url" />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Toggle<TourFormValues> name="restartable" label={t('tours.fields.restartable')} testId="field-restartable" />
            <FormField label={t('tours.fields.restartText')} error={message('restart_button_text')} helper={t('tours.fields.buttonTextHelp')}>
              <Input {...register('restart_button_text')} maxLength={LIMITS.labelMax} data-testid="field-restart-text" />
            </FormField>
            <Toggle<TourFormValues> name="snoozeable" label={t('tours.fields.snoozeable')} testId="field-snoozeable" />
            <FormField label={t('tours.fields.snoozeText')} error={message('snooze_button_text')} helper={t('tours.fields.buttonTextHelp')}>
              <Input {...register('snooze_button_text')} maxLength={LIMITS.labelMax} data-testid="field-snooze-text" />
            </FormField>
            <EnumSelect<TourFormValues>
              name="end_tour_animation"
              values={TOUR_END_ANIMATIONS}
              label={t('tours.fields.endAnimation')}
              table="endAnimation"
              testId="field-end-animation"
            />
            <Controller
              control={control}
              name="button_color"
              render={({ field }) => (
                <FormField label={t('tours.fields.buttonColor')} error={message('button_color')} helper={t('tours.fields.buttonColorHelp')}>
                  <ColorField
                    value={field.value}
                    onChange={field.onChange}
                    label={t('tours.fields.buttonColor')}
                    testId="field-button-color"
                    invalid={Boolean(message('button_color'))}
                  />
                </FormField>
              )}
            />
            <EnumSelect<TourFormValues>
              name="settings.priority"
              values={CAMPAIGN_PRIORITIES}
              label={t('columns.priority')}
              table="priority"
              testId="field-priority"
            />
            <EnumSelect<TourFormValues> name="settings.devices" values={CAMPAIGN_DEVICES} label={t('columns.devices')} table="devices" testId="field-devices" />
          </SimpleGrid>
          <HStack gap="6" wrap="wrap">
            <Toggle<TourFormValues> name="settings.showProgress" label={t('tours.fields.showProgress')} testId="field-show-progress" />
            <Toggle<TourFormValues> name="settings.overlay" label={t('tours.fields.overlay')} testId="field-overlay" />
            <Toggle<TourFormValues> name="settings.dismissible" label={t('tours.fields.dismissible')} testId="field-dismissible" />
            <Toggle<TourFormValues> name="showSender" label={t('tours.fields.showSender')} testId="field-show-sender" />
          </HStack>
        </ToggledSection>
        <ToggledSection toggle="postsTourPanel" title={t('tours.sections.audience')} testId="section-audience">
          <AudienceFields options={options} serverError={serverError} message={message} />
        </ToggledSection>
      </Stack>
    </ItemEditor>
  );
}

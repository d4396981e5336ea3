import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { LIMITS, TOUR_ADVANCE_ON, TOUR_PLACEMENTS, TOUR_WHEN_MISSING, emptyTourTargetFallback, pageRuleExample, tourStepText } from 'contracts';
import { FormField, Input, SimpleGrid, Stack, Textarea, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useFieldMessage } from 'shared-content';
import { contentWithText, type TourFormValues } from '../tour-document';
import { EnumSelect } from './EnumSelect';

/**
 * The fields of one step: its title and text, the element it points at (a CSS selector; none: a
 * centred step) and where it sits beside it, its page, what advances it, and what happens when its
 * element never appears on the visitor's page.
 */
export function StepFields({ index }: { index: number }) {
  const { t } = useTranslation('toursChecklists');
  const { control, register, setValue, formState } = useFormContext<TourFormValues>();
  const message = useFieldMessage(formState.errors);
  const base = `steps.${index}` as const;
  const target = useWatch({ control, name: `${base}.target` });
  const advanceOn = useWatch({ control, name: `${base}.advanceOn` }) ?? 'next';
  const url = useWatch({ control, name: `${base}.url` }) ?? '';
  const example = url.trim() ? pageRuleExample(url) : null;
  return (
    <Stack gap="4" data-testid="tour-step-fields">
      <FormField label={t('tours.fields.stepTitle')} error={message(`${base}.title`)}>
        <Input {...register(`${base}.title`)} dir="auto" maxLength={LIMITS.shortTitleMax} autoComplete="off" data-testid="field-step-title" />
      </FormField>
      <Controller
        control={control}
        name={`${base}.content`}
        render={({ field }) => (
          <FormField label={t('tours.fields.stepText')} error={message(`${base}.content`)}>
            <Textarea
              rows={4}
              dir="auto"
              value={tourStepText(field.value ?? '')}
              onChange={(e) => field.onChange(contentWithText(field.value, e.target.value))}
              onBlur={field.onBlur}
              maxLength={LIMITS.contentMax}
              data-testid="field-step-text"
            />
          </FormField>
        )}
      />
      <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
        <chakra.input
          type="checkbox"
          accentColor="brand.solid"
          checked={Boolean(target)}
          onChange={(e) => setValue(`${base}.target`, e.target.checked ? { selector: '', fallback: emptyTourTargetFallback() } : null, { shouldDirty: true })}
          data-testid="field-step-has-target"
        />
        {t('tours.fields.pointsAtElement')}
      </chakra.label>
      {target && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('tours.fields.selector')} error={message(`${base}.target.selector`)} helper={t('tours.fields.selectorHelp')} required>
            <Input
              {...register(`${base}.target.selector`)}
              dir="ltr"
              fontFamily="mono"
              placeholder="#signup"
              maxLength={LIMITS.selectorMax}
              autoComplete="off"
              data-testid="field-step-selector"
            />
          </FormField>
          <EnumSelect<TourFormValues>
            name={`${base}.placement`}
            values={TOUR_PLACEMENTS}
            label={t('tours.fields.placement')}
            table="placement"
            testId="field-step-placement"
          />
          <EnumSelect<TourFormValues>
            name={`${base}.whenMissing`}
            values={TOUR_WHEN_MISSING}
            label={t('tours.fields.whenMissing')}
            table="whenMissing"
            testId="field-step-when-missing"
          />
        </SimpleGrid>
      )}
      <FormField
        label={t('tours.fields.stepUrl')}
        error={message(`${base}.url`)}
        helper={example ? t('tours.fields.urlExample', { example }) : t('tours.fields.stepUrlHelp')}
      >
        <Input {...register(`${base}.url`)} dir="ltr" placeholder="/pricing" autoComplete="off" data-testid="field-step-url" />
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <EnumSelect<TourFormValues>
          name={`${base}.advanceOn`}
          values={TOUR_ADVANCE_ON}
          label={t('tours.fields.advanceOn')}
          table="advanceOn"
          testId="field-step-advance"
        />
        {advanceOn === 'page' && (
          <FormField label={t('tours.fields.advanceUrl')} error={message(`${base}.advanceUrl`)} helper={t('tours.fields.advanceUrlHelp')}>
            <Input {...register(`${base}.advanceUrl`)} dir="ltr" autoComplete="off" data-testid="field-step-advance-url" />
          </FormField>
        )}
      </SimpleGrid>
    </Stack>
  );
}

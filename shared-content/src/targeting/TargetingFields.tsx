import { Suspense, lazy } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CAMPAIGN_TARGETS, emptyAudience, type Attribute, type AudienceGroup, type PopupDocumentInput } from 'contracts';
import { FormField, SelectField, Skeleton, Stack } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { CheckList } from './CheckList';

const DynamicAudienceField = lazy(() => import('./DynamicAudienceField'));

/** The targeting fields popups and banners share (both documents hold them at their root). */
type Targeting = Pick<PopupDocumentInput, 'target' | 'groups' | 'audiences' | 'dynamicAudience'>;

/** The active website's lists the fields choose from (the editor's picker queries). */
export interface TargetingOptions {
  groups: readonly { _id: string; name: string }[];
  segments: readonly { _id: string; name: string }[];
  attributes: readonly Attribute[];
}

/**
 * Who sees the item: everyone, the chosen groups, the chosen saved audiences (segments), or its own
 * dynamic audience built with the audiences screen's rule builder. The lists not chosen keep what
 * was picked, so switching back and forth loses nothing.
 */
export function TargetingFields({
  options,
  serverError,
  fieldMessage: message,
}: {
  options: TargetingOptions;
  serverError?: unknown;
  /** The form's message at a path, in the reader's language (the editor's own message table). */
  fieldMessage: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('common');
  const { control, register } = useFormContext<Targeting>();
  const target = useWatch({ control, name: 'target' }) ?? 'all';
  return (
    <Stack gap="4">
      <SelectField
        label={t('targeting.target')}
        error={message('target')}
        options={CAMPAIGN_TARGETS.map((v) => ({ value: v, label: t(`targeting.targets.${v}`) }))}
        testId="field-target"
        {...register('target')}
      />
      {target === 'groups' && (
        <Controller
          control={control}
          name="groups"
          render={({ field }) => (
            <FormField label={t('targeting.groups')} error={message('groups')} required>
              <CheckList
                options={options.groups}
                value={field.value ?? []}
                onChange={field.onChange}
                empty={t('targeting.noGroups')}
                label={t('targeting.groups')}
                testId="field-groups"
                invalid={Boolean(message('groups'))}
              />
            </FormField>
          )}
        />
      )}
      {target === 'audiences' && (
        <Controller
          control={control}
          name="audiences"
          render={({ field }) => (
            <FormField label={t('targeting.audiences')} error={message('audiences')} required>
              <CheckList
                options={options.segments}
                value={field.value ?? []}
                onChange={field.onChange}
                empty={t('targeting.noAudiences')}
                label={t('targeting.audiences')}
                testId="field-audiences"
                invalid={Boolean(message('audiences'))}
              />
            </FormField>
          )}
        />
      )}
      {target === 'dynamic' && (
        <Controller
          control={control}
          name="dynamicAudience"
          render={({ field }) => (
            <FormField label={t('targeting.dynamic')} error={message('dynamicAudience')} helper={t('targeting.dynamicHelp')}>
              <Suspense fallback={<Skeleton h="24" />}>
                <DynamicAudienceField
                  value={(field.value as AudienceGroup | undefined) ?? emptyAudience()}
                  onChange={field.onChange}
                  attributes={options.attributes}
                  serverError={serverError}
                />
              </Suspense>
            </FormField>
          )}
        />
      )}
    </Stack>
  );
}

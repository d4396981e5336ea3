import { useEffect, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import {
  DEFAULT_INTERRUPTIONS_PER_DAY,
  DEFAULT_PUSHES_BESIDE_POPUP,
  DEFAULT_QUIET_AFTER_CLOSE_SECONDS,
  DEFAULT_TIME_ZONE,
  LIMITS,
  MAX_INTERRUPTIONS_PER_DAY,
  websiteSettingsBodySchema,
} from 'contracts';
import { Button, Card, Checkbox, FormField, Input, PageHeader, SelectField, Stack, Text, toaster, reportFormError, useContractForm } from 'shared-ui';
import { QueryContent } from '../../components/query-content';
import { useTranslation } from 'shared-i18n';
import { useCan, useSession } from 'shared-auth';
import { useWebsiteSettings } from './api/get-website-settings';
import { useUpdateWebsiteSettings } from './api/update-website-settings';

/** The zones this browser knows (every IANA zone in current browsers), UTC first. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, current, ...known])];
}

/**
 * /settings/delivery (get_websites; saving needs create_websites, as the API): how the website
 * script paces what it shows on the active website — the daily cap of interruptive items, whether a
 * push may show beside an open popup, the quiet seconds after one ends, and the time zone schedules
 * are typed in — each with its default explained. The call replaces every setting, so the form
 * always sends them all.
 */
export default function DeliverySettingsScreen() {
  const { t } = useTranslation('settings');
  const websiteId = useSession().activeWebsite?._id;
  const canSave = useCan('create', 'websites');
  const settings = useWebsiteSettings(websiteId);
  const update = useUpdateWebsiteSettings();
  const { register, control, handleSubmit, reset, setError, formState } = useContractForm(websiteSettingsBodySchema, {
    defaultValues: {
      interruptionsPerDay: DEFAULT_INTERRUPTIONS_PER_DAY,
      pushesBesidePopup: DEFAULT_PUSHES_BESIDE_POPUP,
      quietAfterCloseSeconds: DEFAULT_QUIET_AFTER_CLOSE_SECONDS,
      timeZone: DEFAULT_TIME_ZONE,
    },
  });
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);
  const zones = useMemo(() => timeZones(settings.data?.timeZone ?? DEFAULT_TIME_ZONE).map((z) => ({ value: z, label: z })), [settings.data?.timeZone]);
  const onSubmit = handleSubmit(async (values) => {
    if (!websiteId) return;
    try {
      const saved = await update.mutateAsync({ params: { id: websiteId }, body: values });
      toaster.create({ type: 'success', title: saved.message });
    } catch (error) {
      reportFormError(error, setError, ['interruptionsPerDay', 'pushesBesidePopup', 'quietAfterCloseSeconds', 'timeZone'], t('delivery.saveFailed'));
    }
  });

  return (
    <>
      <PageHeader title={t('delivery.title')} description={t('delivery.description')} />
      <QueryContent query={settings} errorFallback={t('delivery.loadFailed')} skeletonHeight="48">
        {() => (
          <Card.Root maxW="2xl">
            <Card.Body>
              <form onSubmit={onSubmit} noValidate data-testid="delivery-form">
                <fieldset disabled={!canSave} style={{ border: 0, padding: 0, margin: 0 }}>
                  <Stack gap="5">
                    <FormField
                      label={t('delivery.cap')}
                      error={formState.errors.interruptionsPerDay?.message}
                      helper={t('delivery.capHelp', { default: DEFAULT_INTERRUPTIONS_PER_DAY, max: MAX_INTERRUPTIONS_PER_DAY })}
                      required
                    >
                      <Input
                        type="number"
                        min={0}
                        max={MAX_INTERRUPTIONS_PER_DAY}
                        {...register('interruptionsPerDay', { valueAsNumber: true })}
                        data-testid="delivery-cap"
                      />
                    </FormField>
                    <Controller
                      control={control}
                      name="pushesBesidePopup"
                      render={({ field }) => (
                        <Stack gap="1">
                          <Checkbox.Root
                            checked={field.value}
                            onCheckedChange={(e) => field.onChange(e.checked === true)}
                            disabled={!canSave}
                            data-testid="delivery-pushes-beside-popup"
                          >
                            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} aria-describedby="delivery-pushes-help" />
                            <Checkbox.Control />
                            <Checkbox.Label>{t('delivery.pushesBesidePopup')}</Checkbox.Label>
                          </Checkbox.Root>
                          <Text id="delivery-pushes-help" fontSize="sm" color="fg.muted">
                            {t('delivery.pushesBesidePopupHelp')}
                          </Text>
                        </Stack>
                      )}
                    />
                    <FormField
                      label={t('delivery.quietAfterClose')}
                      error={formState.errors.quietAfterCloseSeconds?.message}
                      helper={t('delivery.quietAfterCloseHelp', { default: DEFAULT_QUIET_AFTER_CLOSE_SECONDS, max: LIMITS.quietAfterCloseMax })}
                      required
                    >
                      <Input
                        type="number"
                        min={0}
                        max={LIMITS.quietAfterCloseMax}
                        {...register('quietAfterCloseSeconds', { valueAsNumber: true })}
                        data-testid="delivery-quiet"
                      />
                    </FormField>
                    <SelectField
                      label={t('delivery.timeZone')}
                      error={formState.errors.timeZone?.message}
                      helper={t('delivery.timeZoneHelp', { default: DEFAULT_TIME_ZONE })}
                      options={zones}
                      {...register('timeZone')}
                      testId="delivery-time-zone"
                    />
                    <Text fontSize="sm" color="fg.muted">
                      {t('delivery.notCounted')}
                    </Text>
                    {canSave ? (
                      <Button type="submit" colorPalette="brand" alignSelf="start" loading={formState.isSubmitting} data-testid="delivery-save">
                        {t('delivery.save')}
                      </Button>
                    ) : (
                      <Text fontSize="sm">{t('delivery.readOnly')}</Text>
                    )}
                  </Stack>
                </fieldset>
              </form>
            </Card.Body>
          </Card.Root>
        )}
      </QueryContent>
    </>
  );
}

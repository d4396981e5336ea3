import { useEffect, useState } from 'react';
import { campaignScheduleBodySchema, DEFAULT_TIME_ZONE } from 'contracts';
import { FormField, Input, Stack, Text, toaster } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { errorMessage, fieldErrors } from 'shared-data';
import { useCan, useSession } from 'shared-auth';
import type { LifecycleCalls } from './api/lifecycle-calls';
import { useScheduleContent } from './api/schedule-content';
import { useDeliverySettings } from './api/get-delivery-settings';
import { formatInstant, instantToZoned, zonedToInstant } from './time-zone';

export interface ScheduleDialogProps {
  open: boolean;
  onClose: () => void;
  calls: LifecycleCalls;
  item: { _id: string; startsAt: string | null; endsAt: string | null };
}

/**
 * Schedule an item: a start and an optional end, typed on the website's clock (its time zone, a
 * delivery setting), each also shown in the viewer's own time. The API receives instants.
 */
export function ScheduleDialog({ open, onClose, calls, item }: ScheduleDialogProps) {
  const { t, i18n } = useTranslation('common');
  const websiteId = useSession().activeWebsite?._id;
  const settings = useDeliverySettings(websiteId, useCan('get', 'websites'));
  const timeZone = settings.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const schedule = useScheduleContent(calls);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<{ startsAt?: string; endsAt?: string }>({});

  // Each opening starts from the item's schedule, or an hour from now.
  useEffect(() => {
    if (!open) return;
    const soon = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
    setStart(instantToZoned(item.startsAt ? new Date(item.startsAt) : soon, timeZone));
    setEnd(item.endsAt ? instantToZoned(new Date(item.endsAt), timeZone) : '');
    setErrors({});
  }, [open, item.startsAt, item.endsAt, timeZone]);

  const startAt = zonedToInstant(start, timeZone);
  const endAt = end ? zonedToInstant(end, timeZone) : null;
  const yours = (at: Date | null) => (at ? t('lifecycle.schedule.yourTime', { time: formatInstant(at, i18n.language) }) : undefined);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { startsAt: startAt?.toISOString() ?? start, endsAt: end ? (endAt?.toISOString() ?? end) : null };
    const parsed = campaignScheduleBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'startsAt' | 'endsAt'] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      const saved = await schedule.mutateAsync({ params: { id: item._id }, body: parsed.data });
      toaster.create({ type: 'success', title: saved.message });
      onClose();
    } catch (error) {
      const placed = fieldErrors(error) as typeof errors;
      if (placed.startsAt || placed.endsAt) setErrors(placed);
      else toaster.create({ type: 'error', title: errorMessage(error, t('lifecycle.schedule.failed')) });
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('lifecycle.schedule.title')}
      submitLabel={t('lifecycle.schedule.submit')}
      submitting={schedule.isPending}
      onSubmit={(e) => void onSubmit(e)}
      onClose={onClose}
      testId="schedule-dialog"
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted" data-testid="schedule-time-zone">
          {t('lifecycle.schedule.inZone', { zone: timeZone })}
        </Text>
        <FormField label={t('lifecycle.schedule.start')} error={errors.startsAt} helper={yours(startAt)} required>
          <Input type="datetime-local" step={1} value={start} onChange={(e) => setStart(e.target.value)} data-testid="schedule-start" />
        </FormField>
        <FormField label={t('lifecycle.schedule.end')} error={errors.endsAt} helper={yours(endAt) ?? t('lifecycle.schedule.noEnd')}>
          <Input type="datetime-local" step={1} value={end} onChange={(e) => setEnd(e.target.value)} data-testid="schedule-end" />
        </FormField>
      </Stack>
    </FormDialog>
  );
}

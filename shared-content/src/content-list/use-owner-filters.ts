import { CAMPAIGN_PRIORITIES, CAMPAIGN_STATUSES, listSendersCall, listTagsCall } from 'contracts';
import { useAllPages } from 'shared-data';
import { useMemo } from 'react';
import { useTranslation } from 'shared-i18n';
import type { SelectFilter } from './ListFilters';

/**
 * The sender and tag filters every campaign list has. The sender filter is left out when the user
 * may not read the senders (the call fails), rather than showing an empty choice.
 */
export function useOwnerFilters(namespace: string): SelectFilter<'sender' | 'tag'>[] {
  const { t } = useTranslation(namespace);
  const senders = useAllPages(listSendersCall);
  const tags = useAllPages(listTagsCall);
  return useMemo(() => {
    const out: SelectFilter<'sender' | 'tag'>[] = [];
    if (senders.data) out.push({ param: 'sender', label: t('columns.sender'), options: senders.data.map((s) => ({ value: s._id, label: s.name })) });
    out.push({ param: 'tag', label: t('columns.tag'), options: (tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name })) });
    return out;
  }, [senders.data, tags.data, t]);
}

/**
 * A select filter over a fixed list of values: its query parameter (one the list call accepts: `F`
 * is the call's filters, read from its query schema), label key and `values.{table}` translations.
 */
export interface ValueFilterSpec<F extends string = string> {
  param: F;
  labelKey: string;
  table: string;
  values: readonly string[];
}

/** The status and priority filters, the same in every list that has them. */
export const STATUS_FILTER: ValueFilterSpec<'status'> = { param: 'status', labelKey: 'columns.status', table: 'status', values: CAMPAIGN_STATUSES };
export const PRIORITY_FILTER: ValueFilterSpec<'priority'> = { param: 'priority', labelKey: 'columns.priority', table: 'priority', values: CAMPAIGN_PRIORITIES };

/** The select filters over fixed lists of values, in the order given (keep `specs` a module constant). */
export function useValueFilters<F extends string>(specs: readonly ValueFilterSpec<F>[], namespace: string): SelectFilter<F>[] {
  const { t } = useTranslation(namespace);
  return useMemo(
    () =>
      specs.map(({ param, labelKey, table, values }) => ({
        param,
        label: t(labelKey),
        options: values.map((v) => ({ value: v, label: t(`values.${table}.${v}`) })),
      })),
    [specs, t],
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'shared-i18n';
import { listSenders } from './api/list-senders';
import { listTags } from './api/list-tags';
import { useLoaded } from './use-loaded';
import type { SelectFilter } from './components/ListFilters';

/**
 * The sender and tag filters every campaign list has. The sender filter is left out when the user
 * may not read the senders (the call fails), rather than showing an empty choice.
 */
export function useOwnerFilters(): SelectFilter[] {
  const { t } = useTranslation('campaigns');
  const senders = useLoaded(listSenders);
  const tags = useLoaded(listTags);
  return useMemo(() => {
    const out: SelectFilter[] = [];
    if (senders.data) out.push({ param: 'sender', label: t('columns.sender'), options: senders.data.map((s) => ({ value: s._id, label: s.name })) });
    out.push({ param: 'tag', label: t('columns.tag'), options: (tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name })) });
    return out;
  }, [senders.data, tags.data, t]);
}

/** A select filter over a fixed list of values, labelled from the `values.{table}` translations. */
export function useValueFilter(param: string, labelKey: string, table: string, values: readonly string[]): SelectFilter {
  const { t } = useTranslation('campaigns');
  return useMemo(() => ({ param, label: t(labelKey), options: values.map((v) => ({ value: v, label: t(`values.${table}.${v}`) })) }), [param, labelKey, table, values, t]);
}

import { Flex, NativeSelect } from 'shared-ui';
import { ListSearch } from 'shared-ui/data-table';
import { useTranslation } from 'shared-i18n';

/** One select filter of a list: the query parameter it sets and its choices ('' = any). */
export interface SelectFilter<F extends string = string> {
  param: F;
  label: string;
  options: readonly { value: string; label: string }[];
}

/**
 * The filters a list call accepts: a title search (debounced) and one select per filter. Values are
 * kept by parameter name, in the URL (useListUrlState); an empty value is not sent.
 */
export function ListFilters<F extends string>({
  namespace,
  search,
  onSearch,
  filters,
  values,
  onChange,
}: {
  /** Where the texts are (the kind's namespace). */
  namespace: string;
  /** The applied title search (from the URL). */
  search: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (text: string) => void;
  filters: readonly SelectFilter<F>[];
  values: Partial<Record<F, string>>;
  onChange: (param: F, value: string) => void;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Flex gap="2" wrap="wrap" align="center" data-testid="list-filters">
      <ListSearch value={search} onSearch={onSearch} label={t('list.search')} placeholder={t('list.search')} testId="list-search" />
      {filters.map((f) => (
        <NativeSelect.Root key={f.param} size="sm" width="auto">
          <NativeSelect.Field
            aria-label={f.label}
            value={values[f.param] ?? ''}
            onChange={(e) => onChange(f.param, e.target.value)}
            data-testid={`filter-${f.param}`}
          >
            <option value="">{t('list.any', { label: f.label })}</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </Flex>
  );
}

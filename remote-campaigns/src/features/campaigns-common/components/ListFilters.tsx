import { Search } from 'lucide-react';
import { Flex, Input, InputGroup, NativeSelect } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/** One select filter of a list: the query parameter it sets and its choices ('' = any). */
export interface SelectFilter {
  param: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/**
 * The filters a list call accepts: a title search and one select per filter. Values are kept by
 * parameter name; an empty value is not sent (useApiList leaves it out).
 */
export function ListFilters({
  search,
  onSearch,
  filters,
  values,
  onChange,
}: {
  search: string;
  onSearch: (text: string) => void;
  filters: readonly SelectFilter[];
  values: Record<string, string>;
  onChange: (param: string, value: string) => void;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Flex gap="2" wrap="wrap" align="center" data-testid="list-filters">
      <InputGroup startElement={<Search size={14} aria-hidden />} maxW="60">
        <Input
          size="sm"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          data-testid="list-search"
        />
      </InputGroup>
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

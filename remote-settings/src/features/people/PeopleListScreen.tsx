import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PEOPLE_SORTS } from 'contracts';
import { Badge, HStack, Link, NativeSelect, Stack, Text, chakra } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { ListScreen, titleColumn } from '../../components/list-screen';
import { usePeople, type PersonListRow } from './api/list-people';
import { useAttributeNames, useAudienceOptions, useGroupOptions } from './api/list-filters';
import { peopleQuery, personLabel } from './people-list';

/** A person's page: their id in the path (an anonymous visitor's holds a colon). */
export const personPath = (id: string) => `/people/${encodeURIComponent(id)}`;

/** One labelled native select of the filter bar. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <chakra.label display="flex" flexDirection="column" gap="1" fontSize="sm" minW="40">
      {label}
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </chakra.label>
  );
}

/**
 * /people (get_people): the active website's identified people and anonymous visitors — searched by
 * name, e-mail, external id or any attribute, narrowed to a saved audience, a group or one identity,
 * sorted and paged, all in the URL. Each row opens the person's page.
 */
export default function PeopleListScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const list = usePeople(t('people.loadError'));
  const audiences = useAudienceOptions();
  const groups = useGroupOptions();
  const attributes = useAttributeNames();
  const { state } = list;
  const { sort, order, identity } = peopleQuery(state);

  const columns = useMemo<ColumnDef<PersonListRow>[]>(() => {
    const seen = (value: string | null) => (value ? format.dateTime(value) : t('people.never'));
    const cols: ColumnDef<PersonListRow>[] = [
      titleColumn<PersonListRow>('person', t('people.columns.person'), (person) => (
        <Link asChild fontWeight="medium">
          <RouterLink to={personPath(person._id)} data-testid="person-link">
            {personLabel(person) ?? t('people.anonymous')}
          </RouterLink>
        </Link>
      )),
      idColumn<PersonListRow>(t('people.columns.id')),
      { id: 'email', header: t('people.columns.email'), cell: ({ row }) => <Text dir="ltr">{row.original.email ?? ''}</Text> },
      { id: 'externalId', header: t('people.columns.externalId'), cell: ({ row }) => <Text dir="ltr">{row.original.externalId ?? ''}</Text> },
      {
        id: 'identity',
        header: t('people.columns.identity'),
        cell: ({ row }) => (
          <Badge colorPalette={row.original.identified ? 'brand' : 'gray'}>
            {row.original.identified ? t('people.identified') : t('people.anonymousBadge')}
          </Badge>
        ),
      },
      { id: 'firstSeen', header: t('people.columns.firstSeen'), cell: ({ row }) => seen(row.original.firstSeenAt) },
      { id: 'lastSeen', header: t('people.columns.lastSeen'), cell: ({ row }) => seen(row.original.lastSeenAt) },
      { id: 'sessions', header: t('people.columns.sessions'), cell: ({ row }) => format.number(row.original.sessions) },
      {
        id: 'devices',
        header: t('people.columns.devices'),
        cell: ({ row }) => row.original.devices.map((d) => t(`people.device.${d}`)).join(', '),
      },
      {
        id: 'reach',
        header: t('people.columns.reach'),
        cell: ({ row }) => (
          <Stack gap="0" fontSize="sm">
            <Text>{t(`people.email.${row.original.reach.email}`)}</Text>
            <Text color="fg.muted">{t('people.pushCount', { count: row.original.reach.pushSubscriptions })}</Text>
          </Stack>
        ),
      },
      // The website's own attributes: each a column the user may show (hidden until asked).
      ...(attributes.data ?? []).map((name): ColumnDef<PersonListRow> => ({
        id: `attribute:${name}`,
        header: name,
        meta: { hiddenByDefault: true },
        cell: ({ row }) => String(row.original.attributes[name] ?? ''),
      })),
    ];
    return cols;
  }, [t, format, attributes.data]);

  const search = state.filters.search;
  const option = (value: string, label: string) => ({ value, label });
  const filters = (
    <HStack gap="3" flexWrap="wrap" align="end" data-testid="people-filters">
      <FilterSelect
        label={t('people.filters.audience')}
        value={state.filters.segment}
        onChange={(segment) => state.setFilters({ segment })}
        options={[option('', t('people.filters.anyAudience')), ...(audiences.data ?? []).map((s) => option(s._id, s.name))]}
        testId="people-filter-audience"
      />
      <FilterSelect
        label={t('people.filters.group')}
        value={state.filters.group}
        onChange={(group) => state.setFilters({ group })}
        options={[option('', t('people.filters.anyGroup')), ...(groups.data ?? []).map((g) => option(g._id, g.name))]}
        testId="people-filter-group"
      />
      <FilterSelect
        label={t('people.filters.identity')}
        value={identity}
        onChange={(value) => state.setFilters({ identity: value === 'all' ? '' : value })}
        options={[option('all', t('people.filters.everyone')), option('identified', t('people.identified')), option('anonymous', t('people.anonymousBadge'))]}
        testId="people-filter-identity"
      />
      <FilterSelect
        label={t('people.filters.sort')}
        value={sort}
        onChange={(value) => state.setSort(value, order)}
        options={PEOPLE_SORTS.map((s) => option(s, t(`people.sort.${s}`)))}
        testId="people-sort"
      />
      <FilterSelect
        label={t('people.filters.order')}
        value={order}
        onChange={(value) => state.setSort(sort, value === 'asc' ? 'asc' : 'desc')}
        options={[option('desc', t('people.order.desc')), option('asc', t('people.order.asc'))]}
        testId="people-order"
      />
    </HStack>
  );

  const filtered = search || state.filters.segment || state.filters.group || identity !== 'all';
  return (
    <ListScreen
      title={t('people.title')}
      description={t('people.description')}
      search={{ state, filter: 'search', label: t('people.searchLabel'), placeholder: t('people.searchPlaceholder'), testId: 'people-search' }}
      notice={filters}
      table={{
        testId: 'people-table',
        columns,
        ...list.tableProps,
        empty: filtered ? { title: t('people.noMatch') } : { title: t('people.empty'), description: t('people.emptyHelp') },
      }}
    />
  );
}

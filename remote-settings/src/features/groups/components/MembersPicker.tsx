import { useCallback, useMemo, useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { Badge, Box, Button, HStack, Stack, StatePanel, Text } from 'shared-ui';
import { DataTable, ListSearch, type ColumnDef } from 'shared-ui/data-table';
import { titleColumn } from '../../../components/list-screen';
import { useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { useListUrlState } from 'shared-data';
import { useClientMembers, type ClientMember } from '../api/list-client-members';

const RESULTS_PAGE_SIZE = 5;
const SELECTED_PAGE_SIZE = 5;

export interface MembersPickerProps {
  value: ClientMember[];
  onChange: (members: ClientMember[]) => void;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * The members of a group: search the website's people (GET /api/client-members, get_members) by
 * member id or username, add them, and review the selected ones (paged here, in the browser) with
 * a remove button each.
 */
/** The label of each e-mail standing. */
const EMAIL_STANDING = {
  none: 'groups.members.emailNone',
  subscribed: 'groups.members.emailSubscribed',
  unsubscribed: 'groups.members.emailUnsubscribed',
  bounced: 'groups.members.emailBounced',
} as const;

export function MembersPicker({ value, onChange, invalid = false, disabled = false }: MembersPickerProps) {
  const { t } = useTranslation('settings');
  const canSearch = useCan('get', 'members');
  const [selectedPage, setSelectedPage] = useState(1);
  const lastPage = Math.max(1, Math.ceil(value.length / SELECTED_PAGE_SIZE));
  const page = Math.min(selectedPage, lastPage);
  const chosen = useMemo(() => new Set(value.map((m) => m._id)), [value]);

  const add = useCallback(
    (member: ClientMember) => {
      if (!chosen.has(member._id)) onChange([member, ...value]);
      setSelectedPage(1);
    },
    [chosen, onChange, value],
  );
  const remove = useCallback((member: ClientMember) => onChange(value.filter((m) => m._id !== member._id)), [onChange, value]);

  const personColumns = useMemo<ColumnDef<ClientMember>[]>(
    () => [
      titleColumn<ClientMember>('memberId', t('groups.members.memberId'), (row) => (
        <Text as="span" fontFamily="mono" fontSize="sm" dir="ltr">
          {row.memberId}
        </Text>
      )),
      { id: 'username', header: t('groups.members.username'), cell: ({ row }) => row.original.username ?? '—' },
      { id: 'division', header: t('groups.members.division'), cell: ({ row }) => row.original.division ?? '—' },
      { id: 'state', header: t('groups.members.state'), cell: ({ row }) => (row.original.state ? <Badge variant="subtle">{row.original.state}</Badge> : '—') },
      {
        // Whether campaigns still reach the person: e-mail standing (an unsubscribed or bounced person gets no more e-mail) and browsers taking push.
        id: 'reach',
        header: t('groups.members.reach'),
        cell: ({ row }) => {
          const reach = row.original.reach;
          if (!reach) return '—';
          const suppressed = reach.email === 'unsubscribed' || reach.email === 'bounced';
          return (
            <Text as="span" fontSize="sm" data-testid={`member-reach-${row.original.memberId}`}>
              <Badge variant="subtle" colorPalette={suppressed ? 'red' : undefined}>
                {t(EMAIL_STANDING[reach.email])}
              </Badge>{' '}
              {t('groups.members.pushCount', { count: reach.pushSubscriptions })}
            </Text>
          );
        },
      },
    ],
    [t],
  );
  const resultColumns = useMemo<ColumnDef<ClientMember>[]>(
    () => [
      ...personColumns,
      {
        id: 'action',
        header: t('groups.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => {
          const added = chosen.has(row.original._id);
          return (
            <Button
              size="xs"
              variant={added ? 'ghost' : 'outline'}
              disabled={added || disabled}
              onClick={() => add(row.original)}
              aria-label={t('groups.members.addLabel', { name: row.original.username ?? row.original.memberId })}
              data-testid={`member-add-${row.original.memberId}`}
            >
              {!added && <Plus size={14} aria-hidden />}
              {added ? t('groups.members.added') : t('groups.members.add')}
            </Button>
          );
        },
      },
    ],
    [personColumns, t, chosen, disabled, add],
  );
  const selectedColumns = useMemo<ColumnDef<ClientMember>[]>(
    () => [
      ...personColumns,
      {
        id: 'action',
        header: t('groups.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            onClick={() => remove(row.original)}
            aria-label={t('groups.members.removeLabel', { name: row.original.username ?? row.original.memberId })}
            data-testid={`member-remove-${row.original.memberId}`}
          >
            <Minus size={14} aria-hidden />
            {t('groups.members.remove')}
          </Button>
        ),
      },
    ],
    [personColumns, t, disabled, remove],
  );

  return (
    <Stack gap="4">
      {canSearch ? (
        <SearchResults columns={resultColumns} />
      ) : (
        <StatePanel testId="members-search-forbidden" tone="warning" title={t('groups.members.noSearch')} />
      )}
      <Box borderWidth="1px" borderRadius="md" p="3" borderColor={invalid ? 'border.error' : 'border'}>
        <HStack justify="space-between" mb="2">
          <Text fontWeight="medium" textAlign="start">
            {t('groups.members.selected')}
          </Text>
          <Badge colorPalette={value.length ? 'brand' : 'gray'} data-testid="selected-count">
            {t('groups.members.count', { count: value.length })}
          </Badge>
        </HStack>
        <DataTable
          testId="selected-members"
          columns={selectedColumns}
          data={value.slice((page - 1) * SELECTED_PAGE_SIZE, page * SELECTED_PAGE_SIZE)}
          total={value.length}
          page={page}
          pageSize={SELECTED_PAGE_SIZE}
          onPageChange={setSelectedPage}
          empty={{ title: t('groups.members.noneSelected'), description: t('groups.members.noneSelectedHelp') }}
        />
      </Box>
    </Stack>
  );
}

/** The people search's filter, in the URL under `member.` (the form's own list, beside any of the page's). */
const SEARCH_FILTERS = ['search'] as const;

function SearchResults({ columns }: { columns: ColumnDef<ClientMember>[] }) {
  const { t } = useTranslation('settings');
  const urlState = useListUrlState(SEARCH_FILTERS, 'member.');
  // A short fixed page: the results sit above the selected members in the form.
  const state = { ...urlState, pageSize: RESULTS_PAGE_SIZE };
  const results = useClientMembers(state, t('groups.members.loadError'));
  return (
    <Stack gap="2">
      <ListSearch
        value={state.filters.search}
        onSearch={(search) => state.setFilters({ search })}
        label={t('groups.members.search')}
        placeholder={t('groups.members.searchPlaceholder')}
        testId="member-search"
      />
      <DataTable testId="member-results" columns={columns} {...results.tableProps} empty={{ title: t('groups.members.noResults') }} />
    </Stack>
  );
}

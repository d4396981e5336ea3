import type { CampaignRow } from 'contracts';
import { Badge, HStack, Text, Box } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import type { TFunction } from 'i18next';
import { StatusBadge } from '../lifecycle/StatusBadge';

type Format = { date: (value: string) => string };

/** Names of a row's groups or audiences, as small badges ("—" when none). */
function Names({ items }: { items: readonly { _id: string; name: string }[] }) {
  if (items.length === 0) return <Text color="fg.muted">—</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      {items.map((i) => (
        <Badge key={i._id} variant="subtle">
          {i.name}
        </Badge>
      ))}
    </HStack>
  );
}

const text = (value: string | null | undefined) => (value ? value : <Text color="fg.muted">—</Text>);

/** Which optional columns a list shows, and the translation tables of its position / style values. */
export interface CampaignColumnOptions {
  include: readonly ('position' | 'style' | 'priority')[];
  positionValues?: 'position' | 'bannerPosition';
  styleValues?: 'format' | 'bannerStyle';
}

/**
 * The columns of the campaign lists (popups: Id hidden, Title, Sender, Domain hidden,
 * Position, Status, Priority, Groups, Audiences, Tag, Devices, Created at; banners and push show
 * the same where they apply). `values` names the translation table of the position / style values.
 */
export function campaignColumns(t: TFunction, format: Format, { include, positionValues, styleValues }: CampaignColumnOptions): ColumnDef<CampaignRow>[] {
  const cols: ColumnDef<CampaignRow>[] = [
    idColumn<CampaignRow>(t('columns.id')),
    {
      id: 'title',
      header: t('columns.title'),
      meta: { alwaysVisible: true },
      cell: ({ row }) => (
        <Text fontWeight="medium" textAlign="start" data-testid="row-title">
          {row.original.title}
        </Text>
      ),
    },
    { id: 'sender', header: t('columns.sender'), cell: ({ row }) => text(row.original.sender) },
    {
      id: 'domain',
      header: t('columns.domain'),
      meta: { hiddenByDefault: true },
      cell: ({ row }) => (
        <Text dir="ltr" fontSize="sm">
          {row.original.domain}
        </Text>
      ),
    },
  ];
  if (include.includes('position'))
    cols.push({
      id: 'position',
      header: t('columns.position'),
      cell: ({ row }) => (row.original.position ? t(`values.${positionValues ?? 'position'}.${row.original.position}`) : text(null)),
    });
  if (include.includes('style'))
    cols.push({
      id: 'style',
      header: t('columns.style'),
      cell: ({ row }) => (row.original.style ? t(`values.${styleValues ?? 'format'}.${row.original.style}`) : text(null)),
    });
  cols.push({
    id: 'status',
    header: t('columns.status'),
    cell: ({ row }) => (
      <StatusBadge status={row.original.status} hasDraft={row.original.hasDraft} startsAt={row.original.startsAt} endsAt={row.original.endsAt} />
    ),
  });
  if (include.includes('priority'))
    cols.push({
      id: 'priority',
      header: t('columns.priority'),
      cell: ({ row }) => (row.original.priority ? t(`values.priority.${row.original.priority}`) : text(null)),
    });
  cols.push(
    { id: 'groups', header: t('columns.groups'), cell: ({ row }) => <Names items={row.original.groups} /> },
    { id: 'audiences', header: t('columns.audiences'), cell: ({ row }) => <Names items={row.original.audiences} /> },
    {
      id: 'tag',
      header: t('columns.tag'),
      cell: ({ row }) =>
        row.original.tag ? (
          <HStack gap="1.5">
            <Box w="2.5" h="2.5" borderRadius="full" style={{ background: row.original.tag.color }} aria-hidden />
            <Text fontSize="sm">{row.original.tag.name}</Text>
          </HStack>
        ) : (
          text(null)
        ),
    },
    { id: 'devices', header: t('columns.devices'), cell: ({ row }) => (row.original.devices ? t(`values.devices.${row.original.devices}`) : text(null)) },
    { id: 'createdAt', header: t('columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
  );
  return cols;
}

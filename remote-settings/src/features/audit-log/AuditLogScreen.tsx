import { useMemo } from 'react';
import { AUDIT_ACTIONS } from 'contracts';
import { Button, HStack, Input, NativeSelect, Text } from 'shared-ui';
import type { ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { ListScreen, createdAtColumn } from '../../components/list-screen';
import { useAuditLog, type AuditRow } from './api/list-audit-log';

/**
 * /settings/audit-log (get_auditLog): who changed what in the organisation, newest first, filtered
 * by action, member (a member's e-mail in a row filters on them) and days; every filter in the URL.
 */
export default function AuditLogScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const list = useAuditLog(t('auditLog.loadError'));
  const { filters, setFilters } = list.state;

  const columns = useMemo<ColumnDef<AuditRow>[]>(
    () => [
      createdAtColumn<AuditRow>(t('auditLog.columns.when'), format.dateTime),
      {
        id: 'actor',
        header: t('auditLog.columns.who'),
        cell: ({ row }) => {
          const { actor } = row.original;
          if (!actor._id) return <Text as="span">{actor.email ?? t('auditLog.system')}</Text>;
          return (
            <Button
              variant="plain"
              size="sm"
              px={0}
              dir="ltr"
              title={t('auditLog.filterByActor')}
              onClick={() => setFilters({ actor: actor._id ?? '' })}
              data-testid="audit-actor"
            >
              {actor.email ?? actor._id}
            </Button>
          );
        },
      },
      {
        id: 'action',
        header: t('auditLog.columns.action'),
        cell: ({ row }) => (
          <Text as="span" data-testid={`audit-action-${row.original.action}`}>
            {t(`auditLog.actions.${row.original.action}`)}
          </Text>
        ),
      },
      {
        id: 'object',
        header: t('auditLog.columns.object'),
        cell: ({ row }) => {
          const { objectType, objectLabel, objectId } = row.original;
          return (
            <Text as="span">
              {t(`auditLog.objects.${objectType}`, { defaultValue: objectType })}
              {(objectLabel ?? objectId) && (
                <Text as="span" dir="ltr" color="fg.muted" ms={2}>
                  {objectLabel ?? objectId}
                </Text>
              )}
            </Text>
          );
        },
      },
      {
        id: 'address',
        header: t('auditLog.columns.address'),
        cell: ({ row }) => (
          <Text as="span" dir="ltr">
            {row.original.address ?? '—'}
          </Text>
        ),
      },
    ],
    [t, format, setFilters],
  );

  const anyFilter = Boolean(filters.action || filters.actor || filters.from || filters.to);
  const toolbar = (
    <HStack gap={3} wrap="wrap">
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t('auditLog.filterAction')}
          data-testid="audit-action-filter"
          value={filters.action}
          onChange={(e) => setFilters({ action: e.target.value })}
        >
          <option value="">{t('auditLog.allActions')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`auditLog.actions.${a}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        type="date"
        size="sm"
        width="auto"
        aria-label={t('auditLog.from')}
        data-testid="audit-from"
        value={filters.from}
        onChange={(e) => setFilters({ from: e.target.value })}
      />
      <Input
        type="date"
        size="sm"
        width="auto"
        aria-label={t('auditLog.to')}
        data-testid="audit-to"
        value={filters.to}
        onChange={(e) => setFilters({ to: e.target.value })}
      />
      {anyFilter && (
        <Button size="sm" variant="ghost" onClick={() => setFilters({ action: '', actor: '', from: '', to: '' })} data-testid="audit-clear-filters">
          {t('auditLog.clearFilters')}
        </Button>
      )}
    </HStack>
  );

  return (
    <ListScreen
      title={t('auditLog.title')}
      description={t('auditLog.description')}
      table={{
        testId: 'audit-log-table',
        columns,
        ...list.tableProps,
        toolbar,
        empty: { title: anyFilter ? t('auditLog.noMatch') : t('auditLog.empty') },
      }}
    />
  );
}

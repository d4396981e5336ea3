import { useMemo } from 'react';
import type { EmailRecipient } from 'contracts';
import { Badge, HStack, Stack, Text } from 'shared-ui';
import { DataTable, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useEmailRecipients } from '../api/list-email-recipients';

/**
 * The e-mail's recipients: each person's delivery (sent, failed and why, skipped), first open and
 * click, and whether they unsubscribed or bounced (then no campaign of the website reaches them).
 */
export function EmailRecipients({ id }: { id: string }) {
  const { t } = useTranslation('campaigns');
  const format = useFormatters();
  const list = useEmailRecipients(id, t('emails.recipientsList.loadError'));
  const columns = useMemo<ColumnDef<EmailRecipient>[]>(
    () => [
      {
        id: 'person',
        header: t('emails.recipientsList.person'),
        cell: ({ row }) => (
          <Stack gap="0">
            <Text>{row.original.name ?? row.original.memberId}</Text>
            <Text fontSize="xs" color="fg.muted" dir="ltr">
              {row.original.email}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'status',
        header: t('emails.recipientsList.status'),
        cell: ({ row }) => (
          <Stack gap="0">
            <Badge variant="subtle" data-testid="recipient-status" data-status={row.original.status}>
              {t(`emails.recipientsList.statuses.${row.original.status}`)}
            </Badge>
            {row.original.error && (
              <Text fontSize="xs" color="fg.muted">
                {row.original.error}
              </Text>
            )}
          </Stack>
        ),
      },
      { id: 'opened', header: t('emails.stats.opened'), cell: ({ row }) => (row.original.openedAt ? format.date(row.original.openedAt) : '—') },
      { id: 'clicked', header: t('emails.stats.clicked'), cell: ({ row }) => (row.original.clickedAt ? format.date(row.original.clickedAt) : '—') },
      {
        id: 'standing',
        header: t('emails.recipientsList.standing'),
        cell: ({ row }) =>
          row.original.suppressed ? (
            <HStack gap="1">
              <Badge colorPalette="orange" variant="subtle" data-testid="recipient-suppressed" data-reason={row.original.suppressed}>
                {t(`emails.recipientsList.suppressed.${row.original.suppressed}`)}
              </Badge>
            </HStack>
          ) : (
            <Text color="fg.muted">{t('emails.recipientsList.subscribed')}</Text>
          ),
      },
    ],
    [t, format],
  );
  return <DataTable testId="email-recipients-table" columns={columns} {...list.tableProps} empty={{ title: t('emails.recipientsList.empty') }} />;
}

import { useMemo } from 'react';
import type { ClientMember } from 'contracts';
import { Card, Heading, HStack, Spinner, StatePanel, Text } from 'shared-ui';
import { DataTable, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useTranslation } from 'shared-i18n';
import { PREVIEW_PAGE_SIZE, type AudiencePreview } from '../use-audience-preview';

/**
 * The people the audience selects right now, in the Clients/reports table: Id
 * (hidden), Member Id, Name, Division, State, Domain, with paging and the count. `everyone`: the
 * audience has no condition; with nobody on the website yet, that says so rather than "0 matching
 * people" under the builder's "everyone matches".
 */
export function AudiencePreviewPanel({ preview, everyone = false }: { preview: AudiencePreview; everyone?: boolean }) {
  const { t } = useTranslation('settings');
  const nobodyYet = everyone && preview.total === 0 && !preview.loading && !preview.error;
  const columns = useMemo<ColumnDef<ClientMember>[]>(
    () => [
      idColumn<ClientMember>(t('audiences.preview.columns.id')),
      {
        id: 'memberId',
        header: t('audiences.preview.columns.memberId'),
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <Text as="span" fontFamily="mono" dir="ltr">
            {row.original.memberId}
          </Text>
        ),
      },
      { id: 'username', header: t('audiences.preview.columns.name'), cell: ({ row }) => row.original.username ?? '–' },
      { id: 'division', header: t('audiences.preview.columns.division'), cell: ({ row }) => row.original.division ?? '–' },
      { id: 'state', header: t('audiences.preview.columns.state'), cell: ({ row }) => row.original.state ?? '–' },
      { id: 'domain', header: t('audiences.preview.columns.domain'), cell: ({ row }) => row.original.domain ?? '–' },
    ],
    [t],
  );
  return (
    <Card.Root variant="outline" data-testid="audience-preview">
      <Card.Header>
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Heading as="h2" size="md">
            {t('audiences.preview.title')}
          </Heading>
          <HStack gap="2" aria-live="polite">
            {preview.loading && <Spinner size="xs" />}
            {!preview.error && !preview.incomplete && (
              <Text fontSize="sm" color="fg.muted" data-testid="audience-preview-count">
                {nobodyYet ? t('audiences.preview.nobodyYet') : t('audiences.preview.count', { count: preview.total })}
              </Text>
            )}
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        {preview.incomplete ? (
          <StatePanel testId="audience-preview-incomplete" title={t('audiences.preview.incompleteTitle')} description={t('audiences.preview.incompleteHint')} />
        ) : Object.keys(preview.fieldErrors).length > 0 ? (
          // The rules themselves are wrong (the messages sit on their conditions): nothing to retry.
          <StatePanel
            testId="audience-preview-invalid"
            tone="warning"
            title={t('audiences.preview.invalidTitle')}
            description={preview.fieldErrors.body ?? preview.error}
          />
        ) : (
          <DataTable
            testId="audience-preview-table"
            columns={columns}
            data={preview.docs}
            total={preview.total}
            page={preview.page}
            pageSize={PREVIEW_PAGE_SIZE}
            onPageChange={preview.setPage}
            loading={preview.loading && preview.docs.length === 0}
            error={preview.error}
            onRetry={preview.reload}
            empty={
              nobodyYet
                ? { title: t('audiences.preview.nobodyYet'), description: t('audiences.preview.nobodyYetHint') }
                : { title: t('audiences.preview.empty'), description: t('audiences.preview.emptyHint') }
            }
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent } from 'contracts';
import { Badge, Box, Button, Card, HStack, Input, PageHeader, Stack, Text, toaster } from 'shared-ui';
import { DataTable, type ColumnDef } from 'shared-ui/data-table';
import { errorMessage } from 'shared-data';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { useWebhooks } from './api/list-webhooks';
import { useCreateWebhook } from './api/create-webhook';
import { useUpdateWebhook } from './api/update-webhook';
import { useDeleteWebhook } from './api/delete-webhook';
import { useTestWebhook } from './api/test-webhook';
import { useWebhookDeliveries } from './api/list-webhook-deliveries';

interface Draft {
  id: string | null;
  url: string;
  description: string;
  events: WebhookEvent[];
}
const EMPTY: Draft = { id: null, url: '', description: '', events: ['content.published'] };

/**
 * /settings/webhooks (get_webhooks): the active website's endpoints; add or change one (its secret
 * is shown once, after adding), turn it on or off, send a test, delete it, and read its delivery log.
 */
export default function WebhooksScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const canCreate = useCan('create', 'webhooks');
  const canUpdate = useCan('update', 'webhooks');
  const canDelete = useCan('delete', 'webhooks');
  const list = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(logOf);
  const endpoints = list.data?.data ?? [];

  const failed = (err: unknown) => {
    const fields = (err as { response?: { data?: { errors?: Record<string, string> } } }).response?.data?.errors;
    if (fields) setFieldErrors(fields);
    toaster.create({ type: 'error', title: errorMessage(err, t('webhooks.saveError')) });
  };

  const save = async () => {
    if (!draft) return;
    setFieldErrors({});
    const body = { url: draft.url, description: draft.description, events: draft.events };
    try {
      if (draft.id) {
        await update.mutateAsync({ params: { id: draft.id }, body });
        toaster.create({ type: 'success', title: t('webhooks.saved') });
      } else {
        const answer = await create.mutateAsync({ body });
        setSecret(answer.secret);
      }
      setDraft(null);
    } catch (err) {
      failed(err);
    }
  };

  const act = async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      toaster.create({ type: 'success', title: success });
    } catch (err) {
      failed(err);
    }
  };

  const edit = (e: WebhookEndpoint) => setDraft({ id: e._id, url: e.url, description: e.description, events: e.events });
  const toggleEvent = (event: WebhookEvent, on: boolean) =>
    setDraft((d) => d && { ...d, events: on ? [...d.events, event] : d.events.filter((x) => x !== event) });

  const log = deliveries.data?.data ?? [];

  const columns: ColumnDef<WebhookEndpoint>[] = [
    {
      id: 'url',
      header: t('webhooks.url'),
      cell: ({ row }) => (
        <Box dir="ltr">
          {row.original.url}
          {row.original.description && <Text color="fg.muted">{row.original.description}</Text>}
        </Box>
      ),
    },
    {
      id: 'events',
      header: t('webhooks.events'),
      cell: ({ row }) => row.original.events.map((ev) => t(`webhooks.eventNames.${ev.replace('.', '_')}`)).join(', '),
    },
    {
      id: 'status',
      header: t('webhooks.status'),
      cell: ({ row }) => (
        <Badge colorPalette={row.original.enabled ? 'green' : 'red'}>{row.original.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}</Badge>
      ),
    },
    {
      id: 'actions',
      header: t('webhooks.actions'),
      cell: ({ row }) => {
        const e = row.original;
        return (
          <HStack wrap="wrap" gap={1}>
            <Button size="xs" variant="outline" onClick={() => setLogOf(e._id)} data-testid="webhook-log">
              {t('webhooks.log')}
            </Button>
            {canUpdate && (
              <>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => void act(() => test.mutateAsync({ params: { id: e._id } }), t('webhooks.testSent'))}
                  data-testid="webhook-test"
                >
                  {t('webhooks.sendTest')}
                </Button>
                <Button size="xs" variant="outline" onClick={() => edit(e)} data-testid="webhook-edit">
                  {t('webhooks.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => void act(() => update.mutateAsync({ params: { id: e._id }, body: { enabled: !e.enabled } }), t('webhooks.saved'))}
                  data-testid="webhook-toggle"
                >
                  {e.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                </Button>
              </>
            )}
            {canDelete && (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => {
                  if (logOf === e._id) setLogOf(null);
                  void act(() => remove.mutateAsync({ params: { id: e._id } }), t('webhooks.deleted'));
                }}
                data-testid="webhook-delete"
              >
                {t('webhooks.delete')}
              </Button>
            )}
          </HStack>
        );
      },
    },
  ];

  const deliveryColumns: ColumnDef<WebhookDelivery>[] = [
    { id: 'when', header: t('webhooks.when'), cell: ({ row }) => format.dateTime(row.original.createdAt) },
    {
      id: 'event',
      header: t('webhooks.event'),
      cell: ({ row }) => (
        <Text as="span" dir="ltr">
          {row.original.eventType}
        </Text>
      ),
    },
    {
      id: 'status',
      header: t('webhooks.status'),
      cell: ({ row }) => (
        <Text as="span" data-testid={`delivery-${row.original.status}`}>
          {t(`webhooks.deliveryStatus.${row.original.status}`)}
        </Text>
      ),
    },
    {
      id: 'response',
      header: t('webhooks.response'),
      cell: ({ row }) => {
        const d = row.original;
        return (
          <Box dir="ltr">
            {d.responseStatus ?? '—'}
            {d.responseMs !== null && ` · ${t('webhooks.ms', { count: d.responseMs })}`}
            {d.lastError && <Text color="fg.error">{d.lastError}</Text>}
          </Box>
        );
      },
    },
    { id: 'attempts', header: t('webhooks.attempts'), cell: ({ row }) => row.original.attempts },
  ];

  return (
    <>
      <PageHeader
        title={t('webhooks.title')}
        description={t('webhooks.description')}
        actions={
          canCreate && (
            <Button onClick={() => setDraft(EMPTY)} data-testid="add-webhook">
              {t('webhooks.add')}
            </Button>
          )
        }
      />
      <Stack gap={4}>
        {secret && (
          <Card.Root data-testid="webhook-secret">
            <Card.Body>
              <Text fontWeight="medium">{t('webhooks.secretOnce')}</Text>
              <Text as="code" dir="ltr" data-testid="webhook-secret-value" wordBreak="break-all">
                {secret}
              </Text>
              <Box>
                <Button size="sm" variant="outline" mt={2} onClick={() => setSecret(null)}>
                  {t('webhooks.secretDone')}
                </Button>
              </Box>
            </Card.Body>
          </Card.Root>
        )}
        {draft && (
          <Card.Root data-testid="webhook-form">
            <Card.Body>
              <Stack gap={3}>
                <label>
                  <Text>{t('webhooks.url')}</Text>
                  <Input dir="ltr" value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} data-testid="webhook-url" />
                  {fieldErrors.url && <Text color="fg.error">{fieldErrors.url}</Text>}
                </label>
                <label>
                  <Text>{t('webhooks.descriptionField')}</Text>
                  <Input value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} data-testid="webhook-description" />
                </label>
                <fieldset>
                  <Text as="legend">{t('webhooks.events')}</Text>
                  <HStack wrap="wrap" gap={4}>
                    {WEBHOOK_EVENTS.map((event) => (
                      <label key={event}>
                        <input
                          type="checkbox"
                          checked={draft.events.includes(event)}
                          onChange={(e) => toggleEvent(event, e.target.checked)}
                          data-testid={`webhook-event-${event}`}
                        />{' '}
                        {t(`webhooks.eventNames.${event.replace('.', '_')}`)}
                      </label>
                    ))}
                  </HStack>
                  {fieldErrors.events && <Text color="fg.error">{fieldErrors.events}</Text>}
                </fieldset>
                <HStack>
                  <Button onClick={() => void save()} loading={create.isPending || update.isPending} data-testid="webhook-save">
                    {t('webhooks.save')}
                  </Button>
                  <Button variant="ghost" onClick={() => setDraft(null)}>
                    {t('webhooks.cancel')}
                  </Button>
                </HStack>
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
        <DataTable<WebhookEndpoint>
          testId="webhooks-table"
          columns={columns}
          data={endpoints}
          total={endpoints.length}
          page={1}
          pageSize={Math.max(endpoints.length, 1)}
          onPageChange={() => undefined}
          loading={list.isFetching}
          error={list.isError ? errorMessage(list.error, t('webhooks.loadError')) : null}
          onRetry={() => void list.refetch()}
          empty={{ title: t('webhooks.empty') }}
        />
        {logOf && (
          <Card.Root data-testid="webhook-deliveries">
            <Card.Header>
              <Text fontWeight="medium">{t('webhooks.logTitle', { url: endpoints.find((e) => e._id === logOf)?.url ?? '' })}</Text>
            </Card.Header>
            <Card.Body>
              <DataTable<WebhookDelivery>
                testId="webhook-deliveries-table"
                columns={deliveryColumns}
                data={log}
                total={log.length}
                page={1}
                pageSize={Math.max(log.length, 1)}
                onPageChange={() => undefined}
                loading={deliveries.isFetching && !deliveries.data}
                empty={{ title: t('webhooks.noDeliveries') }}
              />
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </>
  );
}

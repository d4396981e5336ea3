import { useState } from 'react';
import { API_KEY_OVERLAP_DEFAULT_MINUTES, callUrl, listPeopleCall, parsePermission } from 'contracts';
import { Alert, Badge, Box, Button, HStack, NativeSelect, PageHeader, Skeleton, Stack, Text, toaster } from 'shared-ui';
import { ConfirmDialog, Table } from 'shared-ui/overlays';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { errorMessage, getApiBaseUrl } from 'shared-data';
import { CopyableCode } from '../installation-guide/components/CopyableCode';
import { useApiKeys, type ApiKeyRow } from './api/list-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { useRotateApiKey } from './api/rotate-api-key';
import { NewApiKeyDialog } from './components/NewApiKeyDialog';

/** The overlaps offered when rotating, in minutes: at once, an hour, a day, a week. */
const OVERLAPS = [0, API_KEY_OVERLAP_DEFAULT_MINUTES, 24 * 60, 7 * 24 * 60] as const;
/** A call a key can make, written with this console's own API address, to copy and adapt. */
const exampleCall = () => `curl -H "Authorization: Bearer spk_…" ${getApiBaseUrl() || window.location.origin}${callUrl(listPeopleCall)}`;
const STATUS_COLOR = { active: 'green', expiring: 'orange', expired: 'gray', revoked: 'red' } as const;

/**
 * /settings/api-keys: the active website's API keys, what the organisation's servers call the API
 * with. A new or rotated key is shown here once, in full; the list shows only its first characters.
 * Making and rotating need create_apiKeys, revoking delete_apiKeys.
 */
export default function ApiKeysScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const canCreate = useCan('create', 'apiKeys');
  const canDelete = useCan('delete', 'apiKeys');
  const query = useApiKeys();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ key: string; previousUntil: string | null } | null>(null);
  const [rotating, setRotating] = useState<ApiKeyRow | null>(null);
  const [overlap, setOverlap] = useState<number>(API_KEY_OVERLAP_DEFAULT_MINUTES);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  const doRotate = async () => {
    if (!rotating) return;
    try {
      const answer = await rotate.mutateAsync({ params: { id: rotating._id }, body: { overlapMinutes: overlap } });
      toaster.create({ type: 'success', title: answer.message });
      setShown({ key: answer.key, previousUntil: answer.previous.expiresAt });
      setRotating(null);
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('apiKeys.rotateError')) });
      throw error;
    }
  };
  const doRevoke = async () => {
    if (!revoking) return;
    try {
      const answer = await revoke.mutateAsync({ params: { id: revoking._id } });
      toaster.create({ type: 'success', title: answer.message });
      setRevoking(null);
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('apiKeys.revokeError')) });
      throw error;
    }
  };
  const permissionText = (permission: string) => {
    const { action, resource } = parsePermission(permission);
    return t('roles.form.actionOf', { action: t(`roles.actions.${action}`), resource: t(`roles.resources.${resource}`) });
  };

  return (
    <Box>
      <PageHeader
        title={t('apiKeys.title')}
        description={t('apiKeys.description')}
        actions={
          canCreate && (
            <Button onClick={() => setAdding(true)} data-testid="add-api-key">
              {t('apiKeys.add')}
            </Button>
          )
        }
      />
      <Stack gap="4">
        {shown && (
          <Alert.Root status="warning" data-testid="api-key-shown">
            <Alert.Indicator />
            <Alert.Content minW="0">
              <Alert.Title>{t('apiKeys.shownOnce')}</Alert.Title>
              <Alert.Description>
                <Stack gap="2" mt="2" minW="0">
                  <CopyableCode code={shown.key} label={t('apiKeys.keyLabel')} testId="api-key-secret" />
                  {shown.previousUntil && <Text>{t('apiKeys.previousUntil', { date: format.dateTime(shown.previousUntil) })}</Text>}
                  <Box>
                    <Button size="sm" variant="outline" onClick={() => setShown(null)} data-testid="api-key-hide">
                      {t('apiKeys.copiedIt')}
                    </Button>
                  </Box>
                </Stack>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Text color="fg.muted">{t('apiKeys.howToCall')}</Text>
        <CopyableCode code={exampleCall()} label={t('apiKeys.exampleLabel')} testId="api-key-example" />
        {query.error ? (
          <Text color="red.fg" data-testid="api-keys-error">
            {errorMessage(query.error, t('apiKeys.loadError'))}
          </Text>
        ) : !query.data ? (
          <Skeleton height="24" data-testid="api-keys-loading" />
        ) : query.data.data.length === 0 ? (
          <Text data-testid="api-keys-empty">{t('apiKeys.empty')}</Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="api-keys-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('apiKeys.columns.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('apiKeys.columns.key')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('apiKeys.columns.permissions')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('apiKeys.columns.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('apiKeys.columns.lastUsed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('apiKeys.columns.created')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('apiKeys.columns.action')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.data.map((row) => (
                  <Table.Row key={row._id} data-testid={`api-key-${row.name}`}>
                    <Table.Cell fontWeight="medium">{row.name}</Table.Cell>
                    <Table.Cell>
                      <Text as="span" fontFamily="mono" dir="ltr">
                        {row.prefix}…
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Text fontSize="xs">{row.permissions.map(permissionText).join(', ')}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Stack gap="0">
                        <Badge colorPalette={STATUS_COLOR[row.status]} width="fit-content">
                          {t(`apiKeys.status.${row.status}`)}
                        </Badge>
                        {row.status === 'expiring' && row.expiresAt && (
                          <Text fontSize="xs" color="fg.muted">
                            {t('apiKeys.until', { date: format.dateTime(row.expiresAt) })}
                          </Text>
                        )}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>{row.lastUsedAt ? format.dateTime(row.lastUsedAt) : t('apiKeys.neverUsed')}</Table.Cell>
                    <Table.Cell>
                      <Text>{format.date(row.createdAt)}</Text>
                      {row.createdBy && (
                        <Text fontSize="xs" color="fg.muted">
                          {row.createdBy}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        {canCreate && row.status === 'active' && (
                          <Button size="xs" variant="outline" onClick={() => setRotating(row)} data-testid={`rotate-api-key-${row.name}`}>
                            {t('apiKeys.rotate')}
                          </Button>
                        )}
                        {canDelete && (row.status === 'active' || row.status === 'expiring') && (
                          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(row)} data-testid={`revoke-api-key-${row.name}`}>
                            {t('apiKeys.revoke')}
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      <NewApiKeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(key) => {
          setAdding(false);
          setShown({ key, previousUntil: null });
        }}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('apiKeys.rotateTitle', { name: rotating?.name ?? '' })}
        description={
          <Stack gap="2">
            <Text>{t('apiKeys.rotateDescription')}</Text>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={t('apiKeys.overlap')}
                value={String(overlap)}
                onChange={(e) => setOverlap(Number(e.target.value))}
                data-testid="api-key-overlap"
              >
                {OVERLAPS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t(`apiKeys.overlaps.m${minutes}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        }
        confirmLabel={t('apiKeys.rotate')}
        tone="primary"
        onConfirm={doRotate}
        onClose={() => setRotating(null)}
        testId="rotate-api-key-dialog"
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('apiKeys.revokeDescription')}
        confirmLabel={t('apiKeys.revoke')}
        onConfirm={doRevoke}
        onClose={() => setRevoking(null)}
        testId="revoke-api-key-dialog"
      />
    </Box>
  );
}

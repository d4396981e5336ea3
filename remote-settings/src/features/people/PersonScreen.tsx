import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Badge, Box, Button, Card, HStack, Heading, Link, PageHeader, SimpleGrid, Stack, Text, toaster, useConfirmedAction } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useCan } from 'shared-auth';
import { Download, Trash2 } from 'lucide-react';
import { QueryContent } from '../../components/query-content';
import { usePerson } from './api/get-person';
import { useDeletePerson } from './api/delete-person';
import { exportPerson } from './api/export-person';
import { PersonTimeline } from './components/PersonTimeline';
import { WouldSeeNow } from './components/WouldSeeNow';
import { personLabel } from './people-list';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box overflowWrap="anywhere">{children}</Box>
    </Stack>
  );
}

/**
 * /people/{personId} (get_people): one person — who they are, their attributes with when each last
 * changed, the groups and audiences they match now, their browsers, their timeline and what they
 * would be shown now; their data exported as one JSON file, and (delete_people) deleted with all
 * that is theirs after a confirmation that names them.
 */
export default function PersonScreen() {
  const personId = useParams().personId ?? '';
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const navigate = useNavigate();
  const person = usePerson(personId);
  const remove = useDeletePerson();
  const canDelete = useCan('delete', 'people');
  const [exporting, setExporting] = useState(false);
  const p = person.data;
  const label = p ? (personLabel(p) ?? t('people.anonymous')) : '';
  const deletion = useConfirmedAction<string>({
    run: (id) => remove.mutateAsync({ params: { personId: id } }),
    success: () => t('people.delete.done', { name: label }),
    errorFallback: t('people.delete.failed'),
    onDone: () => navigate('/people'),
  });

  const download = async () => {
    setExporting(true);
    try {
      await exportPerson(personId, label);
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('people.export.failed')) });
    } finally {
      setExporting(false);
    }
  };

  const seen = (value: string | null) => (value ? format.dateTime(value) : t('people.never'));
  return (
    <>
      <PageHeader
        title={p ? label : t('people.title')}
        description={
          <Link asChild>
            <RouterLink to="/people">{t('people.back')}</RouterLink>
          </Link>
        }
        actions={
          p && (
            <HStack gap="2" flexWrap="wrap">
              <Button variant="outline" onClick={() => void download()} loading={exporting} data-testid="person-export">
                <Download size={16} aria-hidden />
                {t('people.export.button')}
              </Button>
              {canDelete && (
                <Button colorPalette="red" variant="outline" onClick={() => deletion.ask(p._id)} data-testid="person-delete">
                  <Trash2 size={16} aria-hidden />
                  {t('people.delete.button')}
                </Button>
              )}
            </HStack>
          )
        }
      />
      <QueryContent query={person} errorFallback={t('people.loadError')} skeletonHeight="40">
        {(p) => (
          <Stack gap="4">
            <Card.Root>
              <Card.Body>
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" data-testid="person-facts">
                  <Fact label={t('people.columns.email')}>
                    <Text dir="ltr">{p.email ?? '—'}</Text>
                  </Fact>
                  <Fact label={t('people.columns.externalId')}>
                    <Text dir="ltr">{p.externalId ?? '—'}</Text>
                  </Fact>
                  <Fact label={t('people.columns.identity')}>
                    <Badge colorPalette={p.identified ? 'brand' : 'gray'}>{p.identified ? t('people.identified') : t('people.anonymousBadge')}</Badge>
                  </Fact>
                  <Fact label={t('people.columns.sessions')}>{format.number(p.sessions)}</Fact>
                  <Fact label={t('people.columns.firstSeen')}>{seen(p.firstSeenAt)}</Fact>
                  <Fact label={t('people.columns.lastSeen')}>{seen(p.lastSeenAt)}</Fact>
                  <Fact label={t('people.columns.reach')}>
                    {t(`people.email.${p.reach.email}`)} · {t('people.pushCount', { count: p.reach.pushSubscriptions })}
                  </Fact>
                  <Fact label={t('people.columns.devices')}>{p.devices.map((d) => t(`people.device.${d}`)).join(', ') || '—'}</Fact>
                </SimpleGrid>
              </Card.Body>
            </Card.Root>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <Card.Root>
                <Card.Body gap="2">
                  <Heading as="h2" size="md">
                    {t('people.attributes.title')}
                  </Heading>
                  {p.attributeList.length === 0 ? (
                    <Text color="fg.muted">{t('people.attributes.none')}</Text>
                  ) : (
                    <Stack as="dl" gap="2" data-testid="person-attributes">
                      {p.attributeList.map((a) => (
                        <HStack key={a.name} justify="space-between" gap="3" flexWrap="wrap">
                          <Text as="dt" fontWeight="medium">
                            {a.name}
                          </Text>
                          <Text as="dd" textAlign="end">
                            {String(a.value ?? '—')}
                            {a.changedAt && (
                              <Text as="span" display="block" fontSize="xs" color="fg.muted">
                                {t('people.attributes.changed', { date: format.dateTime(a.changedAt) })}
                              </Text>
                            )}
                          </Text>
                        </HStack>
                      ))}
                    </Stack>
                  )}
                </Card.Body>
              </Card.Root>
              <Card.Root>
                <Card.Body gap="2">
                  <Heading as="h2" size="md">
                    {t('people.matches.title')}
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    {t('people.matches.audiences')}
                  </Text>
                  <HStack gap="2" flexWrap="wrap" data-testid="person-audiences">
                    {p.audiences.length === 0 ? <Text>—</Text> : p.audiences.map((a) => <Badge key={a._id}>{a.name}</Badge>)}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {t('people.matches.groups')}
                  </Text>
                  <HStack gap="2" flexWrap="wrap" data-testid="person-groups">
                    {p.groups.length === 0 ? <Text>—</Text> : p.groups.map((g) => <Badge key={g._id}>{g.name}</Badge>)}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {t('people.matches.browsers')}
                  </Text>
                  <Stack gap="1" data-testid="person-browsers">
                    {p.visitors.length === 0 ? (
                      <Text>—</Text>
                    ) : (
                      p.visitors.map((v) => (
                        <Text key={v.visitorId} fontSize="sm">
                          {t('people.browser', {
                            device: v.device ? t(`people.device.${v.device}`) : t('people.device.unknown'),
                            first: format.dateTime(v.firstSeenAt),
                            last: format.dateTime(v.lastSeenAt),
                          })}
                          {v.identityVerified && ` · ${t('people.verified')}`}
                        </Text>
                      ))
                    )}
                  </Stack>
                </Card.Body>
              </Card.Root>
            </SimpleGrid>
            <PersonTimeline personId={p._id} />
            <WouldSeeNow personId={p._id} />
          </Stack>
        )}
      </QueryContent>
      <ConfirmDialog
        {...deletion.dialogProps}
        testId="person-delete-dialog"
        title={t('people.delete.title')}
        description={t('people.delete.confirm', { name: label })}
        confirmLabel={t('people.delete.button')}
      />
    </>
  );
}

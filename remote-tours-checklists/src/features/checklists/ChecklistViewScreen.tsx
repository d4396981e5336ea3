import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Pencil } from 'lucide-react';
import { checklistKind, type Checklist, type ChecklistStats } from 'contracts';
import { Button, HStack, Heading, Input, PageHeader, Skeleton, Stack, StatePanel, Text, chakra } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useCan } from 'shared-auth';
import { StatusBadge } from 'shared-content';
import { QueriedItem } from '../tours/components/QueriedItem';
import { ColumnHeaders, FunnelTable, ViewCard, td } from '../tours/components/FunnelTable';
import { useChecklist } from './api/get-checklist';
import { useChecklistStats } from './api/get-checklist-stats';

const PAGE_SIZE = 5;

function Funnel({ stats }: { stats: ChecklistStats }) {
  const { t } = useTranslation('toursChecklists');
  const stages = [
    { label: t('checklists.view.seen'), count: stats.stats.seen, testId: 'funnel-seen' },
    ...stats.progress.Tasks.map((task, i) => ({
      label: t('checklists.view.taskDone', { number: i + 1, title: task.title }),
      count: task.done,
      testId: `funnel-task-${i + 1}`,
    })),
    { label: t('checklists.view.allDone'), count: stats.stats.completed, testId: 'funnel-completed' },
  ];
  return (
    <FunnelTable
      testId="checklist-funnel"
      caption={t('checklists.view.funnelCaption')}
      headers={{ stage: t('checklists.view.stage'), visitors: t('checklists.view.visitors'), share: t('checklists.view.ofSeen') }}
      base={stats.stats.seen}
      stages={stages}
    />
  );
}

/** Who did what: per visitor (or person), the tasks done and when; searchable and paged. */
function People({ checklist, stats, page, setPage }: { checklist: Checklist; stats: ChecklistStats; page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation('toursChecklists');
  const { dateTime } = useFormatters();
  const titleOf = (id: string) => checklist.tasks.find((x) => x.id === id)?.title ?? id;
  if (stats.docs.length === 0)
    return <StatePanel testId="checklist-people-empty" title={t('checklists.view.noVisitors')} description={t('checklists.view.noVisitorsHelp')} />;
  return (
    <Stack gap="3">
      <chakra.table w="full" borderCollapse="collapse" data-testid="checklist-people">
        <ColumnHeaders
          columns={[{ label: t('checklists.view.visitor') }, { label: t('checklists.view.tasksDone') }, { label: t('checklists.view.completedAt') }]}
        />
        <chakra.tbody>
          {stats.docs.map((row) => (
            <chakra.tr key={row.visitorId} data-testid="checklist-person">
              <chakra.th scope="row" {...td} fontWeight="medium" textAlign="start">
                {row.person ? row.person.name || row.person.email : <chakra.span dir="ltr">{row.visitorId}</chakra.span>}
              </chakra.th>
              <chakra.td {...td}>
                <Text fontSize="xs" color="fg.muted">
                  {t('checklists.view.doneCount', { done: row.tasks.length, total: checklist.tasks.length })}
                </Text>
                <chakra.ul m="0" ps="4">
                  {row.tasks.map((d) => (
                    <li key={d.id}>{t('checklists.view.doneAt', { title: titleOf(d.id), at: dateTime(d.doneAt) })}</li>
                  ))}
                </chakra.ul>
              </chakra.td>
              <chakra.td {...td}>{row.completedAt ? dateTime(row.completedAt) : '—'}</chakra.td>
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {t('checklists.view.pageOf', { page, total: stats.meta.totalDocs })}
        </Text>
        <HStack>
          <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="people-previous">
            {t('checklists.view.previous')}
          </Button>
          <Button size="xs" variant="outline" disabled={!stats.meta.hasMore} onClick={() => setPage(page + 1)} data-testid="people-next">
            {t('checklists.view.next')}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}

function ChecklistStatsPanel({ checklist }: { checklist: Checklist }) {
  const { t } = useTranslation('toursChecklists');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const stats = useChecklistStats(checklist._id, { page, pageSize: PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) });
  return (
    <Stack gap="5">
      <ViewCard title={t('checklists.view.funnel')}>
        {stats.data ? (
          <Funnel stats={stats.data} />
        ) : stats.isError ? (
          <Text role="alert">{errorMessage(stats.error, t('checklists.view.loadError'))}</Text>
        ) : (
          <Skeleton h="32" />
        )}
      </ViewCard>
      <ViewCard title={t('checklists.view.people')}>
        <Stack gap="3">
          <Input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            placeholder={t('checklists.view.search')}
            aria-label={t('checklists.view.search')}
            maxW="sm"
            data-testid="checklist-people-search"
          />
          {stats.data ? <People checklist={checklist} stats={stats.data} page={page} setPage={setPage} /> : <Skeleton h="32" />}
        </Stack>
      </ViewCard>
    </Stack>
  );
}

/** /checklist/{id}/view (no permission): the checklist, its completion funnel and who did what. */
export default function ChecklistViewScreen() {
  const { t } = useTranslation('toursChecklists');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const checklist = useChecklist(id);
  const canUpdate = useCan('update', 'checklist');
  return (
    <>
      <PageHeader
        title={t('checklists.view.title')}
        description={t('checklists.view.description')}
        actions={
          canUpdate ? (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={`${checklistKind.screens.basePath}/${id}/update`} data-testid="checklist-open-update">
                <Pencil size={14} aria-hidden />
                {t('checklists.view.edit')}
              </RouterLink>
            </Button>
          ) : undefined
        }
      />
      <QueriedItem query={checklist} onBack={() => navigate(checklistKind.screens.basePath)}>
        {(saved) => (
          <Stack gap="5">
            <HStack gap="3">
              <Heading as="h2" size="lg" data-testid="checklist-view-title">
                {saved.title}
              </Heading>
              <StatusBadge status={saved.status} hasDraft={saved.hasDraft} />
            </HStack>
            <ChecklistStatsPanel checklist={saved} />
          </Stack>
        )}
      </QueriedItem>
    </>
  );
}

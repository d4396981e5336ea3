import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Pencil } from 'lucide-react';
import { tourKind, type Tour, type TourStats } from 'contracts';
import { Box, Button, Grid, HStack, PageHeader, Skeleton, Stack, StatePanel, Text, chakra } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useCan } from 'shared-auth';
import { StatusBadge } from 'shared-content';
import { useTour } from './api/get-tour';
import { useTourStats } from './api/get-tour-stats';
import { QueriedItem } from './components/QueriedItem';
import { ColumnHeaders, FunnelTable, ViewCard, td } from './components/FunnelTable';
import { StepList, stepLabel } from './components/StepList';
import { StepPreview } from './components/StepPreview';
import { bodyOf } from './tour-document';

function Funnel({ stats, tour }: { stats: TourStats; tour: Tour }) {
  const { t } = useTranslation('toursChecklists');
  const { funnel } = stats;
  const titleOf = (id: string, fallback: string) => {
    const step = tour.steps.find((s) => s.id === id);
    return step ? stepLabel(step, fallback) : fallback;
  };
  const stages = [
    { label: t('tours.view.started'), count: funnel.started, testId: 'funnel-started' },
    ...funnel.steps.map((s, i) => ({
      label: t('tours.view.stepSeen', { number: i + 1, title: titleOf(s.id, s.title || t('tours.steps.untitled')) }),
      count: s.seen,
      testId: `funnel-step-${i + 1}`,
    })),
    { label: t('tours.view.completed'), count: funnel.completed, testId: 'funnel-completed' },
    { label: t('tours.view.snoozed'), count: funnel.snoozed, testId: 'funnel-snoozed' },
    { label: t('tours.view.dismissed'), count: funnel.dismissed, testId: 'funnel-dismissed' },
  ];
  return (
    <FunnelTable
      testId="tour-funnel"
      caption={t('tours.view.funnelCaption')}
      headers={{ stage: t('tours.view.stage'), visitors: t('tours.view.visitors'), share: t('tours.view.ofStarted') }}
      base={funnel.started}
      stages={stages}
    />
  );
}

function MissingElements({ stats, tour }: { stats: TourStats; tour: Tour }) {
  const { t } = useTranslation('toursChecklists');
  const { number, dateTime } = useFormatters();
  if (stats.missingElements.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="tour-missing-none">
        {t('tours.view.noMissing')}
      </Text>
    );
  const stepName = (id: string | null) => {
    const index = tour.steps.findIndex((s) => s.id === id);
    return index >= 0
      ? t('tours.view.stepNumber', { number: index + 1, title: stepLabel(tour.steps[index], t('tours.steps.untitled')) })
      : t('tours.view.removedStep');
  };
  return (
    <Box overflowX="auto">
      <chakra.table w="full" borderCollapse="collapse" data-testid="tour-missing">
        <chakra.caption textAlign="start" fontSize="sm" color="fg.muted" pb="2">
          {t('tours.view.missingCaption')}
        </chakra.caption>
        <ColumnHeaders
          columns={[
            { label: t('tours.view.step') },
            { label: t('tours.view.page') },
            { label: t('tours.view.selector') },
            { label: t('tours.view.reports'), end: true },
            { label: t('tours.view.lastReported') },
          ]}
        />
        <chakra.tbody>
          {stats.missingElements.map((m) => (
            <chakra.tr key={`${m.stepId}|${m.page}|${m.selector}`} data-testid="tour-missing-row">
              <chakra.td {...td}>{stepName(m.stepId)}</chakra.td>
              <chakra.td {...td} dir="ltr" textAlign="start" wordBreak="break-all" data-testid="tour-missing-page">
                {m.page}
              </chakra.td>
              <chakra.td {...td} dir="ltr" textAlign="start" fontFamily="mono" wordBreak="break-all" data-testid="tour-missing-selector">
                {m.selector}
              </chakra.td>
              <chakra.td {...td} textAlign="end" data-testid="tour-missing-count">
                {number(m.count)}
              </chakra.td>
              <chakra.td {...td}>{dateTime(m.lastSeenAt)}</chakra.td>
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
    </Box>
  );
}

function Statistics({ tour }: { tour: Tour }) {
  const { t } = useTranslation('toursChecklists');
  const stats = useTourStats(tour._id);
  if (stats.isPending) return <Skeleton h="40" />;
  if (stats.isError) return <StatePanel tone="danger" title={errorMessage(stats.error, t('tours.view.statsError'))} testId="tour-stats-error" />;
  return (
    <Grid templateColumns={{ base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' }} gap="5" alignItems="start">
      <ViewCard title={t('tours.view.funnel')}>
        <Funnel stats={stats.data} tour={tour} />
      </ViewCard>
      <ViewCard title={t('tours.view.missing')}>
        <MissingElements stats={stats.data} tour={tour} />
      </ViewCard>
    </Grid>
  );
}

function TourSteps({ tour }: { tour: Tour }) {
  const { t } = useTranslation('toursChecklists');
  const [selected, setSelected] = useState(0);
  const steps = tour.steps.map((s) => ({ key: s.id, title: s.title, content: s.content, selector: s.target?.selector, url: s.url }));
  return (
    <ViewCard title={t('tours.view.whatVisitorsSee')}>
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
        <StepList steps={steps} selected={selected} onSelect={setSelected} onMove={() => {}} onRemove={() => {}} readOnly />
        <StepPreview tour={bodyOf(tour)} index={selected} />
      </Grid>
    </ViewCard>
  );
}

/**
 * /tour/{id}/view (get_tour): the tour as it is saved, what a visitor sees of each step, and what
 * visitors did: the step funnel (started, each step seen, completed, snoozed, dismissed, in distinct
 * visitors) and the elements the script could not find on their pages, by page and selector.
 */
export default function TourViewScreen() {
  const { t } = useTranslation('toursChecklists');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tour = useTour(id);
  const canUpdate = useCan('update', 'tour');
  return (
    <>
      <PageHeader
        title={tour.data?.title || t('tours.view.title')}
        description={t('tours.view.description')}
        actions={
          canUpdate && (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={`${tourKind.screens.basePath}/${id}/update`} data-testid="tour-open-editor">
                <Pencil size={14} aria-hidden />
                {t('tours.view.edit')}
              </RouterLink>
            </Button>
          )
        }
      />
      <QueriedItem query={tour} onBack={() => navigate(tourKind.screens.basePath)}>
        {(saved) => (
          <Stack gap="6">
            <HStack gap="3">
              <Text fontSize="sm" fontWeight="medium">
                {t('tours.view.status')}
              </Text>
              <StatusBadge status={saved.status} startsAt={saved.startsAt} endsAt={saved.endsAt} />
            </HStack>
            <Statistics tour={saved} />
            <TourSteps tour={saved} />
          </Stack>
        )}
      </QueriedItem>
    </>
  );
}

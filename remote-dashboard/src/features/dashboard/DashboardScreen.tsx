import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_STATS_RANGE, STATS_HOURLY_MAX_HOURS } from '../stats/constants';
import { Badge, Card, Code, Grid, GridItem, Heading, HStack, PageHeader, RetryButton, Stack, StatePanel, Text } from 'shared-ui';
import { directionOf, useTranslation } from 'shared-i18n';
import { allowedActionsByResource, usePermissions, useSession } from 'shared-auth';
import { ChartCard, type Figure } from '../stats/components/ChartCard';
import { InstallSnippet } from '../stats/components/InstallSnippet';
import { InteractionsChart, ServicesViewsChart, TrafficChart, UsersConnectedChart } from '../stats/components/lazy-charts';
import { RangeSelector } from '../stats/components/RangeSelector';
import { StatCards } from '../stats/components/StatCards';
import { browserTimeZone, resolveRange, type RangeSelection } from '../stats/range';
import { isEmpty, useDashboardStats } from '../stats/useDashboardStats';

/** The signed-in user's access, resource by resource, so a newcomer sees what their roles allow. */
function AccessCard() {
  const { t } = useTranslation('dashboard');
  const permissions = usePermissions();
  const byResource = allowedActionsByResource(permissions);
  const resources = Object.keys(byResource).sort();
  return (
    <Card.Root data-testid="access-card">
      <Card.Header>
        <Heading size="md">{t('access.title')}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('access.description', { count: permissions.length })}
        </Text>
      </Card.Header>
      <Card.Body>
        {resources.length === 0 ? (
          <Text color="fg.muted">{t('access.none')}</Text>
        ) : (
          <Stack gap="3">
            {resources.map((resource) => (
              <HStack key={resource} justify="space-between" align="start" gap="4">
                <Text fontWeight="medium">{t(`resources.${resource}`, { defaultValue: resource })}</Text>
                <HStack gap="1" wrap="wrap" justify="end">
                  {byResource[resource].map((action) => (
                    <Badge key={action} colorPalette="brand" variant="subtle">
                      {t(`actions.${action}`, { defaultValue: action })}
                    </Badge>
                  ))}
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WebsiteCard() {
  const { t } = useTranslation('dashboard');
  const { activeWebsite, websites, user } = useSession();
  return (
    <Card.Root data-testid="website-card">
      <Card.Header>
        <Heading size="md">{t('website.title')}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('website.description', { count: websites.length, organisation: user?.organisation.name ?? '' })}
        </Text>
      </Card.Header>
      <Card.Body>
        {activeWebsite ? (
          <Stack gap="2">
            <Text fontSize="lg" fontWeight="semibold">
              {activeWebsite.name}
            </Text>
            <Text color="fg.muted">{activeWebsite.domain}</Text>
            <Text fontSize="sm">
              {t('website.id')} <Code>{activeWebsite._id}</Code>
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted">{t('website.none')}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * False until the frame after `ready` first turned true has been painted, then true for good: what
 * renders with it waits for the frame before it to reach the screen.
 */
function useAfterPaint(ready: boolean) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

/** A chart's totals as figures: `prefix-key` test ids, labels from the `prefix.key` translations. */
function figuresOf<K extends string>(t: (key: string) => string, prefix: string, keys: readonly K[], values: Record<K, number>): Figure[] {
  return keys.map((k) => ({ testId: `${prefix}-${k}`, label: t(`${prefix}.${k}`), value: values[k] }));
}

/** The statistics of the active website for the chosen range: figures, charts, or how to start. */
function Statistics({ selection, onSelection }: { selection: RangeSelection; onSelection: (next: RangeSelection) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language ?? 'en';
  const locale = useMemo(() => ({ lng, rtl: directionOf(lng) === 'rtl' }), [lng]);
  // Resolved when the selection changes (not on every render), so "now" stays put between reloads.
  const resolved = useMemo(() => resolveRange(selection), [selection]);
  const params = 'problem' in resolved ? null : { ...resolved, timezone: browserTimeZone() };
  const { data, loading, error, reload } = useDashboardStats(params, t('error'));
  const hourly = params ? Date.parse(params.endDate) - Date.parse(params.startDate) <= STATS_HOURLY_MAX_HOURS * 3600_000 : true;
  const busy = loading || !data;
  // chart.js (its chunk, and drawing four canvases) comes after the figures are on screen: parsed
  // while the statistics were on their way, it held the figures back on a slow machine.
  const charts = useAfterPaint(!!data && !loading);

  return (
    <Stack gap="6" data-testid="statistics" aria-busy={busy}>
      <RangeSelector value={selection} onChange={onSelection} problem={'problem' in resolved ? resolved.problem : null} />
      {error ? (
        <StatePanel
          tone="danger"
          title={t('errorTitle')}
          description={error}
          action={<RetryButton onClick={reload}>{t('retry')}</RetryButton>}
          testId="stats-error"
        />
      ) : (
        <>
          <StatCards counts={data?.servicesCount ?? null} loading={busy} />
          {data && !loading && isEmpty(data) ? (
            <InstallSnippet />
          ) : (
            <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
              <GridItem colSpan={{ base: 1, lg: 2 }}>
                <ChartCard
                  testId="chart-users-connected"
                  title={t('charts.usersConnected.title')}
                  description={t(hourly ? 'charts.perHour' : 'charts.perDay')}
                  loading={busy}
                >
                  {data && charts && <UsersConnectedChart points={data.userConnected} hourly={hourly} locale={locale} />}
                </ChartCard>
              </GridItem>
              <GridItem colSpan={{ base: 1, lg: 2 }}>
                <ChartCard
                  testId="chart-views"
                  title={t('charts.views.title')}
                  description={t(hourly ? 'charts.perHour' : 'charts.perDay')}
                  loading={busy}
                  figures={data?.servicesViews.map((v) => ({ testId: `views-${v.serviceName}`, label: t(`services.${v.serviceName}`), value: v.count }))}
                >
                  {data && charts && <ServicesViewsChart services={data.servicesViews} hourly={hourly} locale={locale} />}
                </ChartCard>
              </GridItem>
              <ChartCard
                testId="chart-interactions"
                title={t('charts.interactions.title')}
                description={t('charts.interactions.description')}
                loading={busy}
                figures={data ? figuresOf(t, 'interactions', ['comment', 'react', 'close'], data.usersInteractions) : undefined}
              >
                {data && charts && <InteractionsChart interactions={data.usersInteractions} locale={locale} />}
              </ChartCard>
              <ChartCard
                testId="chart-traffic"
                title={t('charts.traffic.title')}
                description={t('charts.traffic.description')}
                loading={busy}
                figures={data ? figuresOf(t, 'traffic', ['web', 'mobile', 'all'], data.traffics) : undefined}
              >
                {data && charts && <TrafficChart traffic={data.traffics} locale={locale} />}
              </ChartCard>
            </Grid>
          )}
        </>
      )}
    </Stack>
  );
}

/** /dashboard: the landing page after sign-in. */
export default function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const { user, activeWebsite } = useSession();
  const [selection, setSelection] = useState<RangeSelection>({ range: DEFAULT_STATS_RANGE });
  return (
    <>
      <PageHeader title={t('title')} description={t('greeting', { name: user?.name ?? '', website: activeWebsite?.name ?? '' })} />
      <Stack gap="8">
        <Statistics selection={selection} onSelection={setSelection} />
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
          <WebsiteCard />
          <AccessCard />
        </Grid>
      </Stack>
    </>
  );
}

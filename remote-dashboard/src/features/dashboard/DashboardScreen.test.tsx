import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'shared-i18n';
import { setColorMode } from 'shared-ui';
import { fakeApi, initTestI18n, renderScreen, signInAs, type Call } from '../../test-utils';
import DashboardScreen from './DashboardScreen';

// chart.js draws on a canvas, which jsdom lacks: at this level the chart components are replaced by
// elements that expose what they were given (data and options), so the tests read exactly what
// chart.js would draw. The product itself always renders the real charts.
jest.mock('react-chartjs-2', () => {
  const { createElement } = jest.requireActual('react');
  const fake = (type: string) => (props: { data: unknown; options: unknown; 'aria-label'?: string }) =>
    createElement('div', {
      'data-testid': `chartjs-${type}`,
      'aria-label': props['aria-label'],
      'data-chart': JSON.stringify({ data: props.data, options: props.options }),
    });
  return { Line: fake('line'), Bar: fake('bar'), Doughnut: fake('doughnut') };
});

type Axis = { title: { text: string }; reverse?: boolean; position?: string };
type Options = { locale: string; plugins: { legend: Record<string, unknown>; tooltip: Record<string, unknown> }; scales: { x: Axis; y: Axis } };
type Chart = { data: { labels: string[]; datasets: { label: string; data: number[]; borderColor?: string; backgroundColor?: unknown }[] }; options: Options };
/** What a chart was given; the charts load lazily (their own chunk), so this waits for it. */
const chartIn = async (testId: string, type: string): Promise<Chart> =>
  JSON.parse((await within(screen.getByTestId(testId)).findByTestId(`chartjs-${type}`)).getAttribute('data-chart')!);

const series = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => ({ key: `2026-03-${String(i + 1).padStart(2, '0')}`, data: f(i) }));
type Answer = { status: number; data: unknown } | undefined;
function statsAnswer(scale: number) {
  return (call: Call): Answer => {
    const days = Math.round((Date.parse(String(call.params?.endDate)) - Date.parse(String(call.params?.startDate))) / 86_400_000);
    const n = Math.max(1, days);
    switch (call.url) {
      case '/api/stats/interractions':
        return { status: 200, data: { data: { comment: 3 * scale, react: 5 * scale, close: 2 * scale } } };
      case '/api/count':
        return {
          status: 200,
          data: {
            data: {
              usersConnected: 12 * scale,
              popup: 2,
              banner: 1,
              push_notification: 1,
              productTour: 0,
              checklist: 0,
              email: 1,
              emailsSent: 7 * scale,
              emailsOpened: 3,
              emailsClicked: 1,
            },
          },
        };
      case '/api/stats/user-connected':
        return { status: 200, data: { data: series(n, (i) => i * scale) } };
      case '/api/stats/views':
        return {
          status: 200,
          data: {
            data: [
              { serviceName: 'Popup', count: 4 * scale, data: series(n, () => scale) },
              { serviceName: 'Banner', count: 0, data: series(n, () => 0) },
              { serviceName: 'Push', count: 1, data: series(n, () => 0) },
            ],
          },
        };
      case '/api/stats/traffic':
        return { status: 200, data: { data: { web: 8 * scale, mobile: 5 * scale, all: 12 * scale } } };
      case '/api/websites':
        return {
          status: 200,
          data: {
            docs: [{ _id: 'w1', name: 'Main', domain: 'main.example.com', publicKey: 'pk_live_123', createdAt: '2025-01-01T00:00:00.000Z' }],
            meta: { totalDocs: 1, page: 1, limit: 1000, hasMore: false, nextPage: null },
          },
        };
      default:
        return undefined;
    }
  };
}
const zeros = (call: Call): Answer => {
  const base = statsAnswer(0)(call);
  if (call.url === '/api/stats/views')
    return { status: 200, data: { data: ['Popup', 'Banner', 'Push'].map((serviceName) => ({ serviceName, count: 0, data: [] })) } };
  if (call.url === '/api/count')
    return { status: 200, data: { data: { usersConnected: 0, popup: 0, banner: 0, push_notification: 0, productTour: 0, checklist: 0 } } };
  return base;
};
const STATS_URLS = ['/api/stats/interractions', '/api/count', '/api/stats/user-connected', '/api/stats/views', '/api/stats/traffic'];

beforeAll(() => initTestI18n());
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  act(() => setColorMode('light'));
});

test('loads the last 24 hours by default, in the browser’s time zone, with skeletons first, then figures and translated charts', async () => {
  signInAs([]);
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const calls = fakeApi(async (call) => {
    await gate;
    return statsAnswer(1)(call);
  });
  renderScreen(<DashboardScreen />);
  expect(screen.getByTestId('stat-usersConnected-skeleton')).toBeInTheDocument();
  expect(screen.getByTestId('chart-users-connected-skeleton')).toBeInTheDocument();
  release();

  expect(await screen.findByTestId('stat-usersConnected-value')).toHaveTextContent('12');
  expect(screen.getByTestId('stat-popup-value')).toHaveTextContent('2');
  expect(screen.getByTestId('stat-productTour-value')).toHaveTextContent('0');
  expect(screen.getByTestId('stat-emailsSent-value')).toHaveTextContent('7');
  expect(screen.getByTestId('stat-emailsClicked-value')).toHaveTextContent('1');
  expect(screen.getByTestId('range-select')).toHaveValue('last24hours');
  const statsCalls = calls.filter((c) => STATS_URLS.includes(c.url));
  expect(statsCalls.map((c) => c.url).sort()).toEqual([...STATS_URLS].sort());
  for (const c of statsCalls) {
    expect(Date.parse(String(c.params?.endDate)) - Date.parse(String(c.params?.startDate))).toBe(24 * 3600_000);
    expect(c.params?.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(c.headers.Activewebsite ?? c.headers.activewebsite).toBe('w1');
  }

  const connected = await chartIn('chart-users-connected', 'line');
  expect(connected.data.datasets[0]).toMatchObject({ label: 'Visitors', data: [0] });
  expect(connected.options.scales.x.title.text).toBe('Hour');
  expect(connected.options.scales.y.title.text).toBe('Visitors');
  expect(connected.options.plugins.legend.rtl).toBe(false);
  const views = await chartIn('chart-views', 'bar');
  expect(views.data.datasets.map((d) => d.label)).toEqual(['Popup views (4)', 'Banner views (0)', 'Push notification views (1)']);
  const interactions = await chartIn('chart-interactions', 'bar');
  expect(interactions.data.labels).toEqual(['Comments', 'Reactions', 'Closes']);
  expect(interactions.data.datasets[0].data).toEqual([3, 5, 2]);
  expect((await chartIn('chart-traffic', 'doughnut')).data).toMatchObject({ labels: ['Web', 'Mobile'], datasets: [{ data: [8, 5] }] });
  expect(screen.getByTestId('traffic-all')).toHaveTextContent('12');
  // Each chart's totals are also written out (a canvas says nothing to a screen reader).
  expect(screen.getByTestId('interactions-react')).toHaveTextContent('5');
  expect(screen.getByTestId('views-Popup')).toHaveTextContent('4');
  // What was there before stays: the active website and the user's access.
  expect(screen.getByTestId('website-card')).toHaveTextContent('Main');
});

test('switching the range reloads every figure for the new dates; a custom range takes whole days and refuses a reversed one', async () => {
  signInAs([]);
  const calls = fakeApi((call) =>
    statsAnswer(Date.parse(String(call.params?.endDate)) - Date.parse(String(call.params?.startDate)) > 48 * 3600_000 ? 7 : 1)(call),
  );
  renderScreen(<DashboardScreen />);
  expect(await screen.findByTestId('stat-usersConnected-value')).toHaveTextContent('12');
  const user = userEvent.setup();

  await user.selectOptions(screen.getByTestId('range-select'), 'last7days');
  await waitFor(() => expect(screen.getByTestId('stat-usersConnected-value')).toHaveTextContent('84'));
  const last = calls.filter((c) => c.url === '/api/stats/traffic').at(-1)!;
  expect(Date.parse(String(last.params?.endDate)) - Date.parse(String(last.params?.startDate))).toBe(7 * 24 * 3600_000);
  expect((await chartIn('chart-users-connected', 'line')).options.scales.x.title.text).toBe('Day');

  await user.selectOptions(screen.getByTestId('range-select'), 'custom');
  // Nobody could have chosen the days yet: no "Choose both days." before an attempt.
  expect(screen.queryByTestId('range-problem')).toBeNull();
  const before = calls.length;
  await user.type(screen.getByTestId('range-from'), '2026-03-10');
  await user.tab();
  expect(screen.getByTestId('range-problem')).toHaveTextContent('Choose both days.');
  await user.type(screen.getByTestId('range-to'), '2026-03-01');
  expect(screen.getByTestId('range-problem')).toHaveTextContent('The first day must come before the last.');
  expect(calls.length).toBe(before);
  await user.clear(screen.getByTestId('range-to'));
  await user.type(screen.getByTestId('range-to'), '2026-03-16');
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/count').at(-1)?.params?.startDate).toBe(new Date(2026, 2, 10).toISOString()));
  expect(calls.filter((c) => c.url === '/api/count').at(-1)?.params?.endDate).toBe(new Date(2026, 2, 17).toISOString());
  expect(screen.queryByTestId('range-problem')).toBeNull();
});

test('no events in the range: the empty state shows the website’s snippet from the API and links to the installation guide', async () => {
  signInAs(['get_websites']);
  const snippet = '<script>!function(w,d,u,k,a){}(window,document,"http://localhost:3006/signpost.js","pk_live_123","http://localhost:4000");</script>';
  fakeApi((call) => (call.url === '/api/websites/w1/install-snippet' ? { status: 200, data: { snippet } } : zeros(call)));
  renderScreen(<DashboardScreen />);
  const empty = await screen.findByTestId('stats-empty');
  expect(empty).toHaveTextContent('No visitor activity yet');
  await waitFor(() => expect(screen.getByTestId('install-snippet').textContent).toBe(snippet));
  expect(screen.getByTestId('install-guide-link')).toHaveAttribute('href', '/installation-guide');
  expect(screen.queryByTestId('chart-users-connected')).toBeNull();
});

test('without get_websites no snippet is asked for: the empty state says whom to ask and links to the guide', async () => {
  signInAs([]);
  const calls = fakeApi(zeros);
  renderScreen(<DashboardScreen />);
  expect(await screen.findByTestId('install-snippet-missing')).toHaveTextContent('ask someone who can see websites');
  expect(screen.queryByTestId('install-snippet')).toBeNull();
  expect(screen.getByTestId('install-guide-link')).toBeInTheDocument();
  expect(calls.some((c) => c.url.includes('install-snippet'))).toBe(false);
});

test('in Arabic the charts are translated and mirrored: legend and tooltip right to left, categories from the right', async () => {
  signInAs([]);
  fakeApi(statsAnswer(1));
  await act(() => i18n.changeLanguage('ar'));
  renderScreen(<DashboardScreen />);
  await screen.findByTestId('stat-usersConnected-value');
  const connected = await chartIn('chart-users-connected', 'line');
  expect(connected.options.locale).toBe('ar');
  expect(connected.options.plugins.legend).toMatchObject({ rtl: true, textDirection: 'rtl' });
  expect(connected.options.plugins.tooltip).toMatchObject({ rtl: true, textDirection: 'rtl' });
  // The data in reading order (the axis itself is not reversed: chart.js then cut its end labels).
  expect(connected.options.scales.x.reverse).toBeUndefined();
  expect(connected.data.datasets[0].data.at(-1)).toBe(0);
  expect(connected.options.scales.y.position).toBe('right');
  expect(connected.data.datasets[0].label).toBe('الزوار');
  expect(connected.options.scales.x.title.text).toBe('الساعة');
  expect((await chartIn('chart-interactions', 'bar')).data.labels).toEqual(['الإغلاقات', 'التفاعلات', 'التعليقات']);
  expect(screen.getByTestId('stat-usersConnected')).toHaveTextContent('المستخدمون المتصلون');
});

test('chart colours come from the theme’s CSS variables and follow the colour mode', async () => {
  signInAs([]);
  fakeApi(statsAnswer(1));
  const root = document.documentElement;
  root.style.setProperty('--chakra-colors-brand-solid', '#1677ff');
  renderScreen(<DashboardScreen />);
  await screen.findByTestId('stat-usersConnected-value');
  expect((await chartIn('chart-users-connected', 'line')).data.datasets[0].borderColor).toBe('#1677ff');
  // The dark theme's token value, as the stylesheet would give it once <html> has the `dark` class.
  root.style.setProperty('--chakra-colors-brand-solid', '#4096ff');
  act(() => setColorMode('dark'));
  await waitFor(async () => expect((await chartIn('chart-users-connected', 'line')).data.datasets[0].borderColor).toBe('#4096ff'));
  expect(root.classList.contains('dark')).toBe(true);
  root.style.removeProperty('--chakra-colors-brand-solid');
});

test('a failed call shows the server’s message with a retry that reloads', async () => {
  signInAs([]);
  let fail = true;
  fakeApi((call) => (fail && call.url === '/api/stats/traffic' ? { status: 500, data: { message: 'Something went wrong' } } : statsAnswer(1)(call)));
  renderScreen(<DashboardScreen />);
  expect(await screen.findByTestId('stats-error')).toHaveTextContent('Something went wrong');
  fail = false;
  await userEvent.setup().click(screen.getByTestId('retry-button'));
  expect(await screen.findByTestId('stat-usersConnected-value')).toHaveTextContent('12');
});

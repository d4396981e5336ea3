import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, initTestI18n, makeUser, renderScreen, savedTour, signInAs, TestRouter } from '../../test/test-utils';
import TourViewScreen from './TourViewScreen';

beforeAll(() => initTestI18n());

const ID = '44444444-4444-4444-8444-444444444444';
const S1 = '55555555-5555-4555-8555-555555555555';
const S2 = '66666666-6666-4666-8666-666666666666';
const step = (id: string, title: string, selector: string | null) => ({
  id,
  title,
  content: 'Text',
  target: selector ? { selector, fallback: { text: '', tag: '', index: null, landmarks: [] } } : null,
  placement: 'auto' as const,
  url: '',
  advanceOn: 'next' as const,
  advanceUrl: '',
  whenMissing: 'skip' as const,
});

it('shows the step funnel in visitors and shares, and the elements not found by page and selector', async () => {
  signInAs(makeUser(['get_tour']));
  fakeApi((call) => {
    if (call.url === `/api/product-tours/${ID}`)
      return {
        status: 200,
        data: { data: savedTour(ID, { title: 'Welcome', status: 'public', steps: [step(S1, 'Menu', '#menu'), step(S2, 'Plans', null)] }) },
      };
    if (call.url === `/api/product-tours/${ID}/stats`)
      return {
        status: 200,
        data: {
          data: {
            funnel: {
              started: 4,
              steps: [
                { id: S1, title: 'Menu', seen: 4 },
                { id: S2, title: 'Plans', seen: 2 },
              ],
              completed: 1,
              snoozed: 1,
              dismissed: 2,
            },
            missingElements: [{ stepId: S1, page: '/home', selector: '#menu', count: 3, lastSeenAt: '2025-01-02T10:00:00.000Z' }],
          },
        },
      };
    return undefined;
  });
  renderScreen(
    <TestRouter initialEntries={[`/tour/${ID}/view`]}>
      <Routes>
        <Route path="/tour/:id/view" element={<TourViewScreen />} />
      </Routes>
    </TestRouter>,
  );
  expect(await screen.findByTestId('tour-funnel')).toBeInTheDocument();
  expect(screen.getByTestId('funnel-started-count')).toHaveTextContent('4');
  expect(screen.getByTestId('funnel-step-1')).toHaveTextContent('Saw step 1: Menu');
  expect(screen.getByTestId('funnel-step-2')).toHaveTextContent('50 %');
  expect(screen.getByTestId('funnel-dismissed-count')).toHaveTextContent('2');
  const row = screen.getByTestId('tour-missing-row');
  expect(within(row).getByTestId('tour-missing-page')).toHaveTextContent('/home');
  expect(within(row).getByTestId('tour-missing-selector')).toHaveTextContent('#menu');
  expect(within(row).getByTestId('tour-missing-count')).toHaveTextContent('3');
  expect(row).toHaveTextContent('Step 1: Menu');
  // No edit link without update_tour.
  expect(screen.queryByTestId('tour-open-editor')).not.toBeInTheDocument();
});

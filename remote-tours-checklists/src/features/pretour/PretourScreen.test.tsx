import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, initTestI18n, listRow, makeUser, paged, renderScreen, signInAs, TestRouter } from '../../test/test-utils';
import PretourScreen from './PretourScreen';

beforeAll(() => initTestI18n());

const ID = '44444444-4444-4444-8444-444444444444';
const row = listRow({ _id: ID, title: 'Welcome', sender: 'Ada', status: 'draft', priority: 'normal', createdAt: '2025-01-01T00:00:00.000Z' });
const render = (entry: string) =>
  renderScreen(
    <TestRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/pretour" element={<PretourScreen />} />
      </Routes>
    </TestRouter>,
  );

it('asks for a builder token for the tour and the page, and opens the page with it in a new tab', async () => {
  signInAs(makeUser(['update_tour', 'get_tour']));
  const open = jest.spyOn(window, 'open').mockImplementation(() => null);
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/product-tours') return paged([row]);
    if (call.method === 'POST' && call.url === `/api/product-tours/${ID}/builder-token`)
      return {
        status: 201,
        data: { message: 'Builder link ready', url: 'https://main.example.com/pricing#signpost-builder=tok', expiresAt: '2030-01-01T00:00:00.000Z' },
      };
    return undefined;
  });
  render(`/pretour?tour=${ID}`);
  expect(await screen.findByRole('option', { name: 'Welcome' })).toBeInTheDocument();
  const url = screen.getByTestId('pretour-url');
  expect(url).toHaveValue('https://main.example.com/');
  await userEvent.clear(url);
  await userEvent.type(url, 'https://main.example.com/pricing');
  await userEvent.click(screen.getByTestId('pretour-open'));
  expect(await screen.findByTestId('pretour-opened')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ url: 'https://main.example.com/pricing' });
  expect(open).toHaveBeenCalledWith('https://main.example.com/pricing#signpost-builder=tok', '_blank', 'noopener');
  open.mockRestore();
});

it("shows the server's message on the address field, and asks for a tour first", async () => {
  signInAs(makeUser(['update_tour', 'get_tour']));
  fakeApi((call) => {
    if (call.method === 'GET') return paged([]);
    return { status: 400, data: { message: 'tourBuilder.urlNotOfWebsite', errors: { url: "This address is not a page of the website's domain" } } };
  });
  render('/pretour');
  await userEvent.click(screen.getByTestId('pretour-open'));
  expect(await screen.findByText('Please choose a tour')).toBeInTheDocument();
  render(`/pretour?tour=${ID}`);
  await userEvent.click(screen.getAllByTestId('pretour-open')[1]);
  expect(await screen.findByText("This address is not a page of the website's domain")).toBeInTheDocument();
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDelivery, WebhookEndpoint } from 'contracts';
import WebhooksScreen from './WebhooksScreen';
import { fakeApi, initTestI18n, makeUser, renderListScreen, signInAs } from '../websites/test-utils';

beforeAll(() => initTestI18n());

function server() {
  let rows: WebhookEndpoint[] = [];
  const deliveries: WebhookDelivery[] = [];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/webhooks') return { status: 200, data: { data: rows } };
    if (call.method === 'POST' && call.url === '/api/webhooks') {
      const body = call.data as { url: string; description: string; events: WebhookEndpoint['events'] };
      if (!body.url.startsWith('https://'))
        return { status: 400, data: { message: 'Validation failed', errors: { url: 'The endpoint must be an https:// URL' } } };
      const row = { _id: 'w1', ...body, enabled: true, disabledAt: null, consecutiveFailures: 0, createdAt: '2026-11-29T10:00:00.000Z' };
      rows = [row];
      return { status: 201, data: { message: 'Webhook endpoint added', data: row, secret: 'whsec_shown_once' } };
    }
    if (call.method === 'POST' && call.url === '/api/webhooks/w1/test') {
      deliveries.unshift({
        _id: 'd1',
        eventId: 'e1',
        eventType: 'webhook.test',
        status: 'sent',
        attempts: 1,
        responseStatus: 200,
        responseMs: 12,
        lastError: null,
        createdAt: '2026-11-29T10:01:00.000Z',
        sentAt: '2026-11-29T10:01:00.000Z',
      });
      return { status: 202, data: { message: 'Test event queued', deliveryId: 'd1' } };
    }
    if (call.method === 'GET' && call.url === '/api/webhooks/w1/deliveries') return { status: 200, data: { data: deliveries } };
    if (call.method === 'DELETE' && call.url === '/api/webhooks/w1') {
      rows = [];
      return { status: 200, data: { message: 'Webhook endpoint deleted' } };
    }
    return undefined;
  });
  signInAs(makeUser(['get_webhooks', 'create_webhooks', 'update_webhooks', 'delete_webhooks']));
  return calls;
}

test('adds an endpoint (the API’s field error shown, then its secret once), sends a test, reads the delivery log, deletes it', async () => {
  const calls = server();
  renderListScreen(<WebhooksScreen />);
  expect(await screen.findByText('No webhook endpoint yet')).toBeInTheDocument();

  await userEvent.click(screen.getByTestId('add-webhook'));
  await userEvent.type(screen.getByTestId('webhook-url'), 'http://hooks.example.com/in');
  await userEvent.click(screen.getByTestId('webhook-event-person.deleted'));
  await userEvent.click(screen.getByTestId('webhook-save'));
  expect(await screen.findByText('The endpoint must be an https:// URL')).toBeInTheDocument();

  await userEvent.clear(screen.getByTestId('webhook-url'));
  await userEvent.type(screen.getByTestId('webhook-url'), 'https://hooks.example.com/in');
  await userEvent.click(screen.getByTestId('webhook-save'));
  expect(await screen.findByTestId('webhook-secret-value')).toHaveTextContent('whsec_shown_once');
  expect(calls.filter((c) => c.method === 'POST').at(-1)?.data).toEqual({
    url: 'https://hooks.example.com/in',
    description: '',
    events: ['content.published', 'person.deleted'],
  });
  const table = screen.getByTestId('webhooks-table');
  expect(await within(table).findByText('https://hooks.example.com/in')).toBeInTheDocument();

  await userEvent.click(within(table).getByTestId('webhook-test'));
  await userEvent.click(within(table).getByTestId('webhook-log'));
  const log = await screen.findByTestId('webhook-deliveries');
  expect(await within(log).findByTestId('delivery-sent')).toHaveTextContent('Delivered');
  expect(within(log).getByText('webhook.test')).toBeInTheDocument();

  await userEvent.click(within(table).getByTestId('webhook-delete'));
  await waitFor(() => expect(screen.getByText('No webhook endpoint yet')).toBeInTheDocument());
});

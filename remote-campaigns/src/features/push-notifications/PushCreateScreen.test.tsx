import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTestI18n, optionLists, renderRoutes, savedPushNotification, TEST_GROUP, TEST_WORKSPACE } from '../../test/test-utils';
import PushCreateScreen from './PushCreateScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

beforeAll(() => initTestI18n());
jest.setTimeout(scaled(20_000));

const ICON = 'http://api.test/uploads/icon.png';

it('uploads the icon, previews the notification and saves it with the default settings', async () => {
  const calls = renderRoutes({
    permissions: [],
    handler: (call) => {
      const option = optionLists(call, 'push');
      if (option) return option;
      if (call.url === '/api/upload')
        return {
          status: 201,
          data: { message: 'Image uploaded sucessfully', data: { _id: 'u1', url: ICON, mimeType: 'image/png', size: 4, originalName: 'i.png' } },
        };
      if (call.method === 'POST' && call.url === '/api/push-notification')
        return { status: 201, data: { message: 'Push notification created successfully', data: savedPushNotification() } };
      return undefined;
    },
    at: `/push_notification/${TEST_WORKSPACE}/create`,
    routes: { '/push_notification/:id/create': <PushCreateScreen />, '/push_notification': <p>push list</p> },
  });
  const user = userEvent.setup();
  expect(screen.getByTestId('field-devices')).toHaveValue('all');
  await user.click(screen.getByTestId('editor-submit'));
  expect(await screen.findByText('Please enter push notification title')).toBeInTheDocument();
  expect(screen.getByText('Please enter body')).toBeInTheDocument();

  await user.type(screen.getByTestId('field-push-title'), 'Back in stock');
  await user.type(screen.getByTestId('field-title'), 'Your favourite is back');
  await user.type(screen.getByTestId('field-body'), 'In your size.');
  await user.upload(screen.getByTestId('field-icon-input'), new File([new Uint8Array([1, 2, 3])], 'i.png', { type: 'image/png' }));
  expect(await screen.findByTestId('toast-success')).toHaveTextContent('Image uploaded sucessfully');
  expect(screen.getByTestId('push-preview-icon')).toHaveAttribute('src', ICON);
  expect(screen.getByTestId('push-preview-title')).toHaveTextContent('Your favourite is back');
  expect(screen.getByTestId('push-preview-body')).toHaveTextContent('In your size.');
  await user.selectOptions(screen.getByTestId('field-group'), TEST_GROUP);
  await user.click(screen.getByTestId('editor-submit'));
  // Created live, a push goes out at once: the editor asks first (the devices it reaches).
  const confirm = within(await screen.findByTestId('publish-dialog')).getByTestId('confirm-button');
  await waitFor(() => expect(confirm).toBeEnabled());
  expect(calls.some((c) => c.method === 'POST' && c.url === '/api/push-notification')).toBe(false);
  await user.click(confirm);
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/push-notification')).toBe(true));
  expect(calls.find((c) => c.method === 'POST' && c.url === '/api/push-notification')?.data).toMatchObject({
    push_notification_title: 'Back in stock',
    title: 'Your favourite is back',
    body: 'In your size.',
    icon: ICON,
    devices: 'all',
    action: { url: '', target: '_blank' },
    group: TEST_GROUP,
    audience: null,
    workspace: TEST_WORKSPACE,
  });
  expect(await screen.findByText('push list')).toBeInTheDocument();
});

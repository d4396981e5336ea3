import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTestI18n, optionLists, renderRoutes, savedBanner, TEST_WORKSPACE } from '../../test/test-utils';
import BannerCreateScreen from './BannerCreateScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

beforeAll(() => initTestI18n());
jest.setTimeout(scaled(20_000));

function renderCreate(answer: { status: number; data: unknown }) {
  return renderRoutes({
    permissions: ['get_banners', 'create_banners'],
    handler: (call) => optionLists(call, 'banner') ?? (call.method === 'POST' && call.url === '/api/banners' ? answer : undefined),
    at: `/banners/${TEST_WORKSPACE}/create`,
    routes: { '/banners/:id/create': <BannerCreateScreen />, '/banners': <p>banner list</p> },
  });
}

describe('BannerCreateScreen', () => {
  it('starts from the default settings and previews the link action as it is typed', async () => {
    renderCreate({ status: 201, data: { message: 'Banner created successfully', data: savedBanner() } });
    const user = userEvent.setup();
    expect(screen.getByTestId('field-style')).toHaveValue('inline');
    expect(screen.getByTestId('field-position')).toHaveValue('top');
    expect(screen.getByTestId('field-devices')).toHaveValue('web');
    expect(screen.getByTestId('field-priority')).toHaveValue('normal');
    expect(screen.getByTestId('field-dismiss')).toBeChecked();
    expect(screen.getByTestId('field-show-sender')).not.toBeChecked();
    const preview = screen.getByTestId('banner-preview');
    expect(preview).toHaveAttribute('data-position', 'top');
    await user.type(screen.getByTestId('field-title'), 'Free shipping');
    expect(screen.getByTestId('banner-preview-title')).toHaveTextContent('Free shipping');
    await user.selectOptions(screen.getByTestId('field-action-type'), 'url');
    await user.type(screen.getByTestId('field-url-text'), 'Shop now');
    expect(screen.getByTestId('banner-preview-link')).toHaveTextContent('Shop now');
    expect(screen.getByTestId('field-new-tab')).toBeChecked();
    await user.selectOptions(screen.getByTestId('field-position'), 'bottom');
    expect(preview).toHaveAttribute('data-position', 'bottom');
    await user.click(screen.getByTestId('field-show-sender'));
    expect(screen.getByTestId('banner-preview-sender')).toHaveTextContent('From Ada');
    await user.selectOptions(screen.getByTestId('field-action-type'), 'reactions');
    expect(screen.getByTestId('banner-preview-reactions')).toHaveTextContent('👍❤️😂😮');
  });

  it('refuses an empty content and a link without address; sends the url action when complete', async () => {
    const calls = renderCreate({ status: 201, data: { message: 'Banner created successfully', data: savedBanner() } });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-title'), 'Sale');
    await user.selectOptions(screen.getByTestId('field-action-type'), 'url');
    await user.type(screen.getByTestId('field-url-text'), 'Shop now');
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByText('Please enter content')).toBeInTheDocument();
    // The message names the field as its label does ("Link address").
    expect(screen.getByText('Please enter the link address')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByTestId('field-content'), 'This week only');
    await user.type(screen.getByTestId('field-url'), 'https://shop.example.com');
    await user.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.data).toMatchObject({
      titleOfBanner: 'Sale',
      content: 'This week only',
      actions: { type: 'url', urlText: 'Shop now', url: 'https://shop.example.com', isUrlOpenedInNewTab: true, closeBannerOnClick: false },
      settings: { priority: 'normal', targetDevice: 'web', bannerStyle: 'inline', bannerPosition: 'top' },
      workspace: TEST_WORKSPACE,
    });
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Banner created successfully');
    expect(await screen.findByText('banner list')).toBeInTheDocument();
  });

  it('shows the fallback message when the server gives no message', async () => {
    renderCreate({ status: 503, data: savedBanner() });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-title'), 'Sale');
    await user.type(screen.getByTestId('field-content'), 'Now');
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Error while creating banner');
    expect(screen.getByTestId('field-title')).toHaveValue('Sale');
  });
});

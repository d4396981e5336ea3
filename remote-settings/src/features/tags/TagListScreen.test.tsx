import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tag } from 'contracts';
import { switchWebsite } from 'shared-auth';
import TagListScreen from './TagListScreen';
import { fakeApi, initTestI18n, makeUser, paged, renderListScreen, signInAs } from '../websites/test-utils';

beforeAll(() => initTestI18n());

/** Tags per website, as the API keeps them (the Activewebsite header chooses the list). */
function server() {
  const byWebsite: Record<string, Tag[]> = { w1: [{ _id: 't1', name: 'Promo', color: '#ff0000', createdAt: '2025-01-01T00:00:00.000Z' }], w2: [] };
  const calls = fakeApi((call) => {
    const site = String(call.headers.Activewebsite ?? call.headers.activewebsite);
    const tags = (byWebsite[site] ??= []);
    if (call.method === 'GET' && call.url === '/api/tags') return paged(tags);
    if (call.method === 'POST' && call.url === '/api/tags') {
      const body = call.data as { name: string; color: string };
      if (tags.some((t) => t.name.toLowerCase() === body.name.toLowerCase()))
        return { status: 409, data: { message: 'Tag already exists', errors: { name: 'A tag with this name already exists on this website' } } };
      const tag = { _id: `t${Math.random()}`, ...body, createdAt: new Date().toISOString() };
      tags.unshift(tag);
      return { status: 201, data: { message: 'Tag created successfully', data: tag } };
    }
    if (call.method === 'DELETE' && call.url.startsWith('/api/tags/')) {
      byWebsite[site] = tags.filter((t) => `/api/tags/${t._id}` !== call.url);
      return { status: 200, data: { message: 'Tag deleted successfully' } };
    }
    return undefined;
  });
  signInAs(
    makeUser(
      ['create_tags', 'delete_tags'],
      [
        { _id: 'w1', name: 'Main', domain: 'main.example.com' },
        { _id: 'w2', name: 'Shop', domain: 'shop.example.com' },
      ],
    ),
  );
  return calls;
}

test('lists the active website’s tags 1000 at a time, and another website’s after switching', async () => {
  const calls = server();
  renderListScreen(<TagListScreen />);
  const table = await screen.findByTestId('tags-table');
  expect(await within(table).findByText('Promo')).toBeInTheDocument();
  expect(calls[0].params).toMatchObject({ pageSize: 1000, page: 1 });
  act(() => void switchWebsite('w2'));
  await waitFor(() => expect(within(table).queryByText('Promo')).not.toBeInTheDocument());
  expect(await screen.findByText('No tag yet')).toBeInTheDocument();
});

test('creates a tag with name and colour: required and colour format checked in the browser, duplicate on the name field', async () => {
  const calls = server();
  renderListScreen(<TagListScreen />);
  await userEvent.click(await screen.findByTestId('add-tag'));
  const form = await screen.findByTestId('tag-form');
  const color = within(form).getByRole('textbox', { name: /Colour/ });
  await userEvent.clear(color);
  await userEvent.type(color, 'red');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('Please enter Name')).toBeInTheDocument();
  expect(within(form).getByText('Enter a colour such as #1677ff')).toBeInTheDocument();

  await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'promo');
  await userEvent.clear(color);
  await userEvent.type(color, '#00aa00');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('A tag with this name already exists on this website')).toBeInTheDocument();

  const name = within(form).getByRole('textbox', { name: /Name/ });
  await userEvent.clear(name);
  await userEvent.type(name, 'News');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(screen.getByTestId('tags-table')).findByText('News')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').at(-1)?.data).toEqual({ name: 'News', color: '#00aa00' });
});

test('deletes a tag after confirmation', async () => {
  server();
  renderListScreen(<TagListScreen />);
  await userEvent.click(await screen.findByTestId('delete-tag-Promo'));
  const dialog = await screen.findByTestId('delete-tag-dialog');
  await act(() => userEvent.click(within(dialog).getByTestId('confirm-button')));
  expect(await screen.findByTestId('toast-success')).toHaveTextContent('Tag deleted successfully');
  await waitFor(() => expect(within(screen.getByTestId('tags-table')).queryByText('Promo')).not.toBeInTheDocument());
});

import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter, useNavigate } from 'react-router-dom';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import common from '../../../shared-i18n/locales/en/common.json';
import { UiProvider } from '../provider';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common } }, interpolation: { escapeValue: false } });

/** An editor with one field: dirty once typed in; "Save" lowers the guard and navigates at once. */
function Editor() {
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const save = async () => {
    setSaving(true);
    await Promise.resolve();
    navigate('/list');
  };
  return (
    <>
      <UnsavedChangesGuard when={value !== '' && !saving} />
      <input aria-label="Title" value={value} onChange={(e) => setValue(e.target.value)} />
      <button onClick={save}>Save</button>
      <Link to="/list">Popups</Link>
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor /> },
      { path: '/list', element: <p>The list</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </I18nextProvider>,
  );
  return router;
}

it('lets an untouched editor go without asking', async () => {
  renderEditor();
  await userEvent.click(screen.getByRole('link', { name: 'Popups' }));
  expect(await screen.findByText('The list')).toBeInTheDocument();
});

it('asks before leaving an edited editor: Stay keeps the edit, Leave goes on', async () => {
  renderEditor();
  await userEvent.type(screen.getByLabelText('Title'), 'Spring sale');
  await userEvent.click(screen.getByRole('link', { name: 'Popups' }));
  const dialog = await screen.findByTestId('unsaved-changes-dialog');
  expect(dialog).toHaveTextContent('Leave without saving?');
  await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
  await waitFor(() => expect(screen.queryByTestId('unsaved-changes-dialog')).not.toBeInTheDocument());
  expect(screen.getByLabelText('Title')).toHaveValue('Spring sale');

  await userEvent.click(screen.getByRole('link', { name: 'Popups' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
  expect(await screen.findByText('The list')).toBeInTheDocument();
});

it('does not ask after a save, which navigates while it is submitting', async () => {
  renderEditor();
  await userEvent.type(screen.getByLabelText('Title'), 'Spring sale');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The list')).toBeInTheDocument();
  expect(screen.queryByTestId('unsaved-changes-dialog')).not.toBeInTheDocument();
});

it('asks the browser before a reload or close only while there is something to lose', async () => {
  renderEditor();
  const clean = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(clean);
  expect(clean.defaultPrevented).toBe(false);
  await userEvent.type(screen.getByLabelText('Title'), 'x');
  const dirty = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(dirty);
  expect(dirty.defaultPrevented).toBe(true);
});

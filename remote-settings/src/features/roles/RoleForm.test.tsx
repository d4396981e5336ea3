import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MESSAGE_CATALOGUE, MESSAGE_VARIABLES, RESOURCE_ACTIONS } from 'contracts';
import { UiProvider } from 'shared-ui';
import { TestRouter } from 'shared-content/testing';
import en from '../../locales/en/settings.json';
import common from '../../../../shared-i18n/locales/en/common.json';
import { RoleForm } from './components/RoleForm';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

// Many clicks on a loaded machine (the permission cards are the largest form of the console).
jest.setTimeout(scaled(20_000));

const i18n = i18next.createInstance();
// The contracts' message catalogue too: the form shows the contract schema's messages through it.
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { settings: en, common, messages: MESSAGE_CATALOGUE.en } },
  interpolation: { escapeValue: false, defaultVariables: MESSAGE_VARIABLES },
});

function renderForm(onSubmit = jest.fn().mockResolvedValue(undefined), defaultValues?: { name: string; permissions: string[] }) {
  render(
    <I18nextProvider i18n={i18n}>
      <UiProvider>
        <TestRouter>
          <RoleForm submitLabel="Create role" onSubmit={onSubmit} onCancel={() => {}} defaultValues={defaultValues} />
        </TestRouter>
      </UiProvider>
    </I18nextProvider>,
  );
  return onSubmit;
}

const card = (resource: string) => screen.getByTestId(`permission-card-${resource}`);
const checkedIn = (resource: string) =>
  within(card(resource))
    .getAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).value && (c as HTMLInputElement).value.includes('_') && (c as HTMLInputElement).checked)
    .map((c) => (c as HTMLInputElement).value);

describe('RoleForm permission cards', () => {
  it('shows one card per permission resource, each listing its translated actions', () => {
    renderForm();
    const cards = screen.getAllByTestId(/^permission-card-/);
    expect(cards.map((c) => c.dataset.testid)).toEqual(Object.keys(RESOURCE_ACTIONS).map((r) => `permission-card-${r}`));
    expect(within(card('checklist')).getByRole('heading')).toHaveTextContent('Checklists');
    expect(within(card('checklist')).getByRole('checkbox', { name: 'Duplicate · Checklists' })).toHaveAttribute('value', 'duplication_checklist');
    expect(within(card('domain')).getAllByRole('checkbox')).toHaveLength(2); // select all + create
    // Screens by the names the console gives them; resources with no screen yet say what they will guard.
    expect(within(card('posts')).getByRole('heading')).toHaveTextContent('Popups');
    expect(within(card('segment')).getByRole('heading')).toHaveTextContent('Audiences');
    expect(within(card('email')).getByTestId('permission-future')).toHaveTextContent('No screen yet · Will guard e-mail campaigns.');
    expect(within(card('posts')).queryByTestId('permission-future')).not.toBeInTheDocument();
  });

  it('"select all" of a card selects exactly that resource’s actions, and counts them', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all: Checklists' }));
    expect(checkedIn('checklist')).toEqual(RESOURCE_ACTIONS.checklist.map((a) => `${a}_checklist`));
    expect(within(card('checklist')).getByTestId('permission-count')).toHaveTextContent('6/6');
    for (const other of Object.keys(RESOURCE_ACTIONS).filter((r) => r !== 'checklist')) expect(checkedIn(other)).toEqual([]);
    expect(within(card('posts')).getByTestId('permission-count')).toHaveTextContent('0/6');
    // A second click clears the card again.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all: Checklists' }));
    expect(checkedIn('checklist')).toEqual([]);
  });

  it('submits the exact permission strings, in the order of the permission list, duplication_checklist included', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /Role name/ }), '  Checklist editors ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all: Checklists' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Delete · Checklists' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Create · Domains' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'View · Push notifications' }));
    expect(within(card('checklist')).getByTestId('permission-count')).toHaveTextContent('5/6');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Checklist editors',
      permissions: [
        'create_domain',
        'get_pushNotification',
        'get_checklist',
        'create_checklist',
        'update_checklist',
        'cancel_checklist',
        'duplication_checklist',
      ],
    });
  });

  it('requires a name and a permission, with the common "Please enter {label}" message', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Please enter Role name')).toBeInTheDocument();
    expect(screen.getByTestId('permissions-error')).toHaveTextContent('Please select at least one permission');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts the server’s field messages on their fields and keeps what was entered', async () => {
    const conflict = Object.assign(new Error('409'), {
      isAxiosError: true,
      response: { status: 409, data: { message: 'A role with this name already exists', errors: { name: 'A role with this name already exists' } } },
    });
    const onSubmit = renderForm(jest.fn().mockRejectedValue(conflict), { name: 'Editors', permissions: ['get_posts', 'duplication_checklist'] });
    expect(checkedIn('checklist')).toEqual(['duplication_checklist']);
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('A role with this name already exists')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Editors', permissions: ['get_posts', 'duplication_checklist'] });
    expect(screen.getByRole('textbox', { name: /Role name/ })).toHaveValue('Editors');
    expect(checkedIn('posts')).toEqual(['get_posts']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answer, initTestI18n, optionLists, renderRoutes, savedTour, TEST_WORKSPACE } from '../../test/test-utils';
import TourCreateScreen from './TourCreateScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

beforeAll(() => initTestI18n());
// Typing is pasted (a machine under load types slowly); each test still goes through the real form.
jest.setTimeout(scaled(60_000));

const NEW_ID = '33333333-3333-4333-8333-333333333333';

function renderCreate(updateAnswer: Answer = { status: 200, data: { message: 'Product tour updated successfully', data: savedTour(NEW_ID) } }) {
  return renderRoutes({
    permissions: ['get_tour', 'create_tour', 'update_tour'],
    handler: (call) => {
      if (call.method === 'POST' && call.url === '/api/product-tours')
        return { status: 201, data: { message: 'Product tour created successfully', data: savedTour(NEW_ID) } };
      if (call.method === 'PUT' && call.url === `/api/product-tours/${NEW_ID}`) return updateAnswer;
      return optionLists(call);
    },
    at: `/tour/${TEST_WORKSPACE}/create`,
    routes: { '/tour/:id/create': <TourCreateScreen />, '/tour/:id/update': <p>tour editor</p> },
  });
}

type User = ReturnType<typeof userEvent.setup>;
async function fill(user: User, testId: string, text: string) {
  await user.click(screen.getByTestId(testId));
  await user.paste(text);
}

async function addStep(user: User, text: string, selector?: string) {
  await user.click(screen.getByTestId('tour-add-step'));
  await fill(user, 'field-step-text', text);
  if (selector) {
    await user.click(screen.getByTestId('field-step-has-target'));
    await fill(user, 'field-step-selector', selector);
  }
}

describe('TourCreateScreen', () => {
  it('builds steps beside their preview, then creates the draft (no body, the workspace in the query) and saves the steps into it', async () => {
    const calls = renderCreate();
    const user = userEvent.setup();
    expect(screen.getByTestId('tour-steps-empty')).toBeInTheDocument();
    // The interface toggles start closed.
    expect(screen.getByTestId('section-settings-toggle')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('section-audience-toggle')).toHaveAttribute('aria-expanded', 'false');

    await fill(user, 'field-title', 'Welcome tour');
    await addStep(user, 'This is the menu', '#menu');
    expect(screen.getByTestId('tour-preview-text')).toHaveTextContent('This is the menu');
    expect(screen.getByTestId('tour-preview-element')).toHaveTextContent('#menu');
    // The default #0078ff button gets black text: white would be 4.1:1.
    expect(screen.getByTestId('tour-preview-next')).toHaveStyle({ color: '#000000' });
    await addStep(user, 'Our plans');
    await fill(user, 'field-step-url', '/pricing');
    expect(screen.getByTestId('tour-preview-centred')).toBeInTheDocument();
    expect(screen.getByTestId('tour-preview-progress')).toHaveTextContent('Step 2 of 2');
    const steps = within(screen.getByTestId('tour-steps')).getAllByTestId('tour-step');
    expect(steps.map((s) => s.textContent)).toEqual([expect.stringContaining('This is the menu'), expect.stringContaining('Our plans')]);

    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByText('tour editor')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.data).toBeUndefined();
    expect(post.params).toEqual({ workSpace: TEST_WORKSPACE });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.data).toMatchObject({
      title: 'Welcome tour',
      workspace: TEST_WORKSPACE,
      snoozeable: true,
      button_color: '#0078ff',
      steps: [
        { content: [{ kind: 'text', text: 'This is the menu' }], target: { selector: '#menu' }, placement: 'auto', advanceOn: 'next' },
        { content: [{ kind: 'text', text: 'Our plans' }], target: null, url: '/pricing' },
      ],
    });
    expect(put.data).not.toHaveProperty('status');
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Product tour updated successfully');
  });

  it('refuses a click step without an element and a title left empty, and shows the step in error', async () => {
    const calls = renderCreate();
    const user = userEvent.setup();
    await addStep(user, 'Click it');
    await user.selectOptions(screen.getByTestId('field-step-advance'), 'click');
    await addStep(user, 'Second');
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByText('Please enter title')).toBeInTheDocument();
    // The editor switches to the step holding the error.
    expect(await screen.findByText('A step that advances on a click needs an element to click')).toBeInTheDocument();
    expect(screen.getByTestId('field-step-text')).toHaveValue('Click it');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the fallback message when the server gives no message, and saves into the same draft when tried again', async () => {
    const calls = renderCreate({ status: 503, data: {} });
    const user = userEvent.setup();
    await fill(user, 'field-title', 'Tour');
    await addStep(user, 'Hello');
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Error while updating tour');
    await user.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

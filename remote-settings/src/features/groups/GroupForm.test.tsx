import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, initTestI18n, makeUser, paged, renderScreen, signInAs, TestRouter } from '../websites/test-utils';
import GroupCreateScreen from './GroupCreateScreen';

const people = [
  { _id: 'm1', memberId: 'cus-1001', username: 'amina.haddad', division: 'north', state: 'active', domain: 'demo.signpost.local' },
  { _id: 'm2', memberId: 'vip-2001', username: 'sami.okafor', division: 'east', state: 'active', domain: 'demo.signpost.local' },
];

beforeAll(() => initTestI18n());

function renderCreate() {
  return renderScreen(
    <TestRouter initialEntries={['/group/create']}>
      <GroupCreateScreen />
    </TestRouter>,
  );
}

describe('GroupCreateScreen', () => {
  it('picks members from the search, sends their ids, and shows the server’s members error on its field, keeping everything', async () => {
    signInAs(makeUser(['get_group', 'create_group', 'get_members']));
    const calls = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/api/client-members') {
        const search = String(call.params?.search ?? '');
        return paged(people.filter((p) => p.memberId.includes(search) || p.username.includes(search)));
      }
      if (call.method === 'POST' && call.url === '/api/groups') {
        return {
          status: 400,
          data: {
            message: 'Some selected members are not people of this website',
            errors: { members: 'Some selected members are not people of this website' },
          },
        };
      }
      return undefined;
    });
    renderCreate();
    const user = userEvent.setup();

    await user.click(screen.getByTestId('group-submit'));
    expect(await screen.findByTestId('members-error')).toHaveTextContent('Please select at least one member');
    expect(screen.getByText('Please enter Group name')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Group name/ }), 'VIPs');
    await user.type(screen.getByTestId('member-search'), 'vip');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/client-members' && c.params?.search === 'vip')).toBe(true));
    await user.click(await screen.findByTestId('member-add-vip-2001'));
    const selected = screen.getByTestId('selected-members');
    expect(within(selected).getByText('vip-2001')).toBeInTheDocument();
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1 member');

    await user.click(screen.getByTestId('group-submit'));
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ name: 'VIPs', members: ['m2'] });
    expect(await screen.findByTestId('members-error')).toHaveTextContent('Some selected members are not people of this website');
    expect(screen.getByRole('textbox', { name: /Group name/ })).toHaveValue('VIPs');
    expect(within(selected).getByText('vip-2001')).toBeInTheDocument();
  });
});

import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { emptyAudience, type AudienceGroup } from 'contracts';
import en from '../../../shared-i18n/locales/en/common.json';
import ar from '../../../shared-i18n/locales/ar/common.json';
import { system } from '../system';
import { AudienceBuilder, audienceErrorsFrom } from './AudienceBuilder';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common: en }, ar: { common: ar } }, ns: ['common'], defaultNS: 'common' });
});

const ATTRIBUTES = [
  { name: 'visits', type: 'number' as const },
  { name: 'newsletter', type: 'boolean' as const },
  { name: 'signup', type: 'date' as const },
];

/** The builder inside a tiny controlled parent; `latest()` is the last tree handed to onChange. */
function renderBuilder(initial: AudienceGroup = emptyAudience(), errors?: Record<string, string>) {
  const changes: AudienceGroup[] = [];
  function Harness() {
    const [tree, setTree] = useState(initial);
    return (
      <AudienceBuilder
        value={tree}
        attributes={ATTRIBUTES}
        errors={errors}
        onChange={(next) => {
          changes.push(next);
          setTree(next);
        }}
      />
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Harness />
      </ChakraProvider>
    </I18nextProvider>,
  );
  return { latest: () => changes.at(-1) };
}

const conditions = () => screen.getAllByTestId('audience-condition');

test('builds (state is active AND (division is north OR division is south)) from an empty tree', async () => {
  const { latest } = renderBuilder();
  expect(screen.getByText('No conditions yet: everyone matches.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  const first = conditions()[0];
  await userEvent.selectOptions(within(first).getByLabelText('Attribute'), 'state');
  await userEvent.type(within(first).getByLabelText('Value'), 'active');

  await userEvent.click(screen.getAllByRole('button', { name: 'Add group' })[0]);
  const group = screen.getByRole('group', { name: 'Group of rules, level 2' });
  expect(within(group).getByLabelText('How conditions combine')).toHaveValue('or');
  const inner = within(group).getByRole('group', { name: 'Condition 1' });
  await userEvent.selectOptions(within(inner).getByLabelText('Attribute'), 'division');
  await userEvent.type(within(inner).getByLabelText('Value'), 'north');
  await userEvent.click(within(group).getByRole('button', { name: 'Add condition' }));
  const second = within(group).getByRole('group', { name: 'Condition 2' });
  await userEvent.selectOptions(within(second).getByLabelText('Attribute'), 'division');
  await userEvent.type(within(second).getByLabelText('Value'), 'south');

  expect(latest()).toEqual({
    operator: 'and',
    predicates: [
      { attribute: 'state', comparison: 'is', selectedValue: 'active' },
      {
        operator: 'or',
        predicates: [
          { attribute: 'division', comparison: 'is', selectedValue: 'north' },
          { attribute: 'division', comparison: 'is', selectedValue: 'south' },
        ],
      },
    ],
  });

  // Switching the top operator, removing a condition and the group.
  await userEvent.selectOptions(screen.getAllByLabelText('How conditions combine')[0], 'or');
  expect(latest()!.operator).toBe('or');
  await userEvent.click(within(group).getByRole('button', { name: 'Remove condition 1' }));
  expect((latest()!.predicates[1] as AudienceGroup).predicates).toEqual([{ attribute: 'division', comparison: 'is', selectedValue: 'south' }]);
  await userEvent.click(screen.getByRole('button', { name: 'Remove group' }));
  expect(latest()!.predicates).toHaveLength(1);
});

test('comparisons and the value input fit the attribute type; valueless comparisons hide the input', async () => {
  const { latest } = renderBuilder({ operator: 'and', predicates: [{ attribute: 'memberId', comparison: 'starts_with', selectedValue: 'vip-' }] });
  const row = conditions()[0];
  const comparison = within(row).getByLabelText('Comparison');
  const options = () =>
    within(comparison)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
  expect(options()).toEqual(['is', 'is_not', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_set', 'is_not_set']);

  await userEvent.selectOptions(within(row).getByLabelText('Attribute'), 'visits');
  // starts_with does not fit a number: the first number comparison, and the value is cleared.
  expect(latest()!.predicates[0]).toEqual({ attribute: 'visits', comparison: 'is', selectedValue: null });
  expect(options()).toEqual(['is', 'is_not', 'greater_than', 'less_than', 'at_least', 'at_most', 'is_set', 'is_not_set']);
  expect(within(row).getByLabelText('Value')).toHaveAttribute('type', 'number');
  await userEvent.selectOptions(comparison, 'greater_than');
  await userEvent.type(within(row).getByLabelText('Value'), '10');
  expect(latest()!.predicates[0]).toEqual({ attribute: 'visits', comparison: 'greater_than', selectedValue: 10 });

  await userEvent.selectOptions(within(row).getByLabelText('Attribute'), 'newsletter');
  expect(options()).toEqual(['is_true', 'is_false', 'is_set', 'is_not_set']);
  expect(within(row).queryByLabelText('Value')).not.toBeInTheDocument();
  expect(latest()!.predicates[0]).toEqual({ attribute: 'newsletter', comparison: 'is_true', selectedValue: null });

  await userEvent.selectOptions(within(row).getByLabelText('Attribute'), 'signup');
  expect(within(row).getByLabelText('Value')).toHaveAttribute('type', 'date');
  expect(options()).toEqual(['is', 'before', 'after', 'is_set', 'is_not_set']);
  await userEvent.selectOptions(comparison, 'is_not_set');
  expect(within(row).queryByLabelText('Value')).not.toBeInTheDocument();
});

test('shows server field messages on their controls, and the built-in fields are always offered', () => {
  const errors = audienceErrorsFrom(
    {
      'audience.predicates.0.selectedValue': 'Please enter value',
      'audience.predicates.1.predicates.0.attribute': 'Unknown attribute',
      name: 'Please enter name',
    },
    'audience',
  );
  expect(errors).toEqual({ 'predicates.0.selectedValue': 'Please enter value', 'predicates.1.predicates.0.attribute': 'Unknown attribute' });
  renderBuilder(
    {
      operator: 'and',
      predicates: [
        { attribute: 'state', comparison: 'is', selectedValue: null },
        { operator: 'or', predicates: [{ attribute: 'gone', comparison: 'is', selectedValue: 'x' }] },
      ],
    },
    errors,
  );
  const [first, second] = conditions();
  expect(within(first).getByText('Please enter value')).toBeInTheDocument();
  expect(within(second).getByText('Unknown attribute')).toBeInTheDocument();
  // An attribute that no longer exists stays visible (so the message makes sense), not silently replaced.
  expect(within(second).getByLabelText('Attribute')).toHaveValue('gone');
  const labels = within(first)
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(labels).toEqual(expect.arrayContaining(['Member Id', 'Name', 'Division', 'State', 'Domain', 'Created at', 'visits', 'newsletter', 'signup']));
});

test('speaks Arabic', async () => {
  await i18n.changeLanguage('ar');
  renderBuilder({ operator: 'and', predicates: [{ attribute: 'state', comparison: 'is', selectedValue: 'active' }] });
  expect(screen.getByRole('button', { name: 'إضافة شرط' })).toBeInTheDocument();
  expect(screen.getByLabelText('السمة')).toHaveValue('state');
  await act(() => i18n.changeLanguage('en'));
});

test('stops offering to add once the tree holds the most conditions the server takes', () => {
  const predicates = Array.from({ length: 50 }, () => ({ attribute: 'state', comparison: 'is_set' as const, selectedValue: null }));
  renderBuilder({ operator: 'and', predicates });
  expect(screen.getByRole('button', { name: 'Add condition' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Add group' })).toBeDisabled();
});

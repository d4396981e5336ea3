import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { attributeBodySchema, type AttributeType } from 'contracts';
import { MESSAGE_CATALOGUE, MESSAGES_NAMESPACE } from 'contracts/messages';
import { system } from '../system';
import { SelectField } from './select-field';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { [MESSAGES_NAMESPACE]: MESSAGE_CATALOGUE.en } }, ns: [MESSAGES_NAMESPACE] });
});

const OPTIONS = [
  { value: 'string', label: 'Text' },
  { value: 'number', label: 'Number' },
];

type Values = { name: string; type: AttributeType | '' };

/** A form validated by a contract schema (not by the browser, as FormDialog), with the select registered as the console's forms do it. */
function renderForm({ disabled }: { disabled?: boolean } = {}) {
  const submitted: Values[] = [];
  function Form() {
    const { register, handleSubmit, formState } = useForm<Values>({
      resolver: zodResolver(attributeBodySchema) as never,
      defaultValues: { name: 'plan', type: '' },
    });
    return (
      <form noValidate onSubmit={handleSubmit((values) => void submitted.push(values))}>
        <SelectField
          label="Type"
          options={OPTIONS}
          placeholder="Choose a type"
          error={formState.errors.type?.message}
          required
          disabled={disabled}
          testId="attribute-type"
          {...register('type')}
        />
        <button type="submit">Save</button>
      </form>
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Form />
      </ChakraProvider>
    </I18nextProvider>,
  );
  return { submitted };
}

test('renders the label, the placeholder and the options, named as registered', () => {
  renderForm();
  const select = screen.getByRole('combobox', { name: /Type/ });
  expect(select).toBe(screen.getByTestId('attribute-type'));
  expect(select).toHaveAttribute('name', 'type');
  expect(select).toHaveValue('');
  expect(screen.getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
    ['', 'Choose a type'],
    ['string', 'Text'],
    ['number', 'Number'],
  ]);
  expect(select).not.toHaveAttribute('aria-invalid');
  expect(select).toBeEnabled();
});

test("shows the schema's message in the reader's language, and marks the select invalid", async () => {
  const { submitted } = renderForm();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  const message = await screen.findByText(MESSAGE_CATALOGUE.en.validation.typeRequired);
  const select = screen.getByTestId('attribute-type');
  expect(select).toHaveAttribute('aria-invalid', 'true');
  // Chakra's field ties the message to the select (aria-errormessage is the error text's id).
  expect(select.getAttribute('aria-errormessage')).toBe(message.id);
  expect(submitted).toEqual([]);
});

test('forwards the chosen value to the form', async () => {
  const { submitted } = renderForm();
  await userEvent.selectOptions(screen.getByTestId('attribute-type'), 'number');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByTestId('attribute-type')).toHaveValue('number');
  await waitFor(() => expect(submitted).toEqual([{ name: 'plan', type: 'number' }]));
});

test('disabled: the select cannot be used', () => {
  renderForm({ disabled: true });
  expect(screen.getByTestId('attribute-type')).toBeDisabled();
});

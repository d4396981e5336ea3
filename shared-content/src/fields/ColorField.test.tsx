import { render, screen } from '@testing-library/react';
import { FormField, UiProvider } from 'shared-ui';
import { ColorField } from './ColorField';

test('the swatch and the hex text have ids of their own; the label names the hex text', () => {
  render(
    <UiProvider locale="en">
      <FormField label="Title colour">
        <ColorField value="#112233" onChange={() => undefined} label="Title colour" testId="hex" />
      </FormField>
    </UiProvider>,
  );
  const hex = screen.getByTestId('hex');
  const swatch = document.querySelector('input[type="color"]')!;
  expect(swatch.id === '' || swatch.id !== hex.id).toBe(true);
  expect(document.querySelectorAll(`[id="${hex.id}"]`)).toHaveLength(1);
  expect(document.querySelector('label')!.getAttribute('for')).toBe(hex.id);
});

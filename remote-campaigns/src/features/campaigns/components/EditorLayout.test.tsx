import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTestI18n, renderScreen } from '../../../test/test-utils';
import { DRAFT_INTENT, EditorLayout } from './EditorLayout';

beforeAll(() => initTestI18n());

test('the save bar comes after the preview (seen before saving, also on a phone) and still submits the form, draft intent included', async () => {
  const intents: (string | null)[] = [];
  renderScreen(
    <EditorLayout
      testId="editor"
      readOnly={false}
      submitting={false}
      submitLabel="Create"
      draftLabel="Save as draft"
      onCancel={() => undefined}
      onSubmit={(event) => {
        event.preventDefault();
        intents.push(((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? null);
      }}
      preview={<p>The preview</p>}
    >
      <input aria-label="Title" />
    </EditorLayout>,
  );
  const preview = screen.getByTestId('editor-preview');
  const submit = screen.getByTestId('editor-submit');
  expect(preview.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  await userEvent.click(submit);
  await userEvent.click(screen.getByTestId('editor-save-draft'));
  expect(intents).toEqual(['', DRAFT_INTENT]);
});

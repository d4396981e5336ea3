import { render } from '@testing-library/react';
import { initTestI18n } from 'shared-i18n/testing';
import { useDocumentTitle } from './document-title';

beforeAll(() => initTestI18n({}));
const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

function Screen({ heading }: { heading: string | null }) {
  useDocumentTitle();
  return (
    <>
      <div role="dialog">
        <h2>A dialog</h2>
      </div>
      <main id="main">{heading && <h1>{heading}</h1>}</main>
    </>
  );
}

test("the document title is the screen's heading and the product's name, and follows the screen", async () => {
  const { rerender } = render(<Screen heading="Popups" />);
  await frame();
  expect(document.title).toBe('Popups · Signpost');
  rerender(<Screen heading="Create popup" />);
  await frame();
  expect(document.title).toBe('Create popup · Signpost');
  rerender(<Screen heading={null} />);
  await frame();
  expect(document.title).toBe('Signpost');
});

import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, initTestI18n, makeUser, renderScreen, signInAs } from '../../../test/test-utils';
import { ImageUploadField } from './ImageUploadField';

beforeAll(() => initTestI18n());

function Harness() {
  const [url, setUrl] = useState('');
  return (
    <>
      <ImageUploadField value={url} onChange={setUrl} label="Icon" testId="icon" />
      <output data-testid="value">{url}</output>
    </>
  );
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });

describe('ImageUploadField (upload bounds and messages)', () => {
  it("sends the file as multipart and takes the stored URL only on 201: 'Image uploaded sucessfully'", async () => {
    signInAs(makeUser([]));
    const calls = fakeApi((call) =>
      call.url === '/api/upload'
        ? {
            status: 201,
            data: {
              message: 'Image uploaded sucessfully',
              data: { _id: 'u1', url: 'http://api.test/uploads/a.png', mimeType: 'image/png', size: 4, originalName: 'icon.png' },
            },
          }
        : undefined,
    );
    renderScreen(<Harness />);
    await userEvent.setup().upload(screen.getByTestId('icon-input'), png());
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Image uploaded sucessfully');
    expect(screen.getByTestId('value')).toHaveTextContent('http://api.test/uploads/a.png');
    expect(calls[0].data).toBeInstanceOf(FormData);
    expect((calls[0].data as FormData).get('file')).toBeInstanceOf(File);
  });

  it("reports 'Failed to upload image' for any other answer, even a 200, and keeps the value", async () => {
    signInAs(makeUser([]));
    fakeApi((call) => (call.url === '/api/upload' ? { status: 200, data: { message: 'ok', data: { url: 'http://api.test/uploads/b.png' } } } : undefined));
    renderScreen(<Harness />);
    await userEvent.setup().upload(screen.getByTestId('icon-input'), png());
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Failed to upload image');
    await waitFor(() => expect(screen.getByTestId('value')).toBeEmptyDOMElement());
  });

  it("reports 'Failed to upload image' with the server's reason when the server refuses the file", async () => {
    signInAs(makeUser([]));
    fakeApi((call) => (call.url === '/api/upload' ? { status: 400, data: { message: "Your organisation's image storage is full" } } : undefined));
    renderScreen(<Harness />);
    await userEvent.setup().upload(screen.getByTestId('icon-input'), png());
    const toast = await screen.findByTestId('toast-error');
    expect(toast).toHaveTextContent('Failed to upload image');
    expect(toast).toHaveTextContent("Your organisation's image storage is full");
  });

  it('refuses a file of another type before sending it, and says so', async () => {
    signInAs(makeUser([]));
    const calls = fakeApi(() => undefined);
    renderScreen(<Harness />);
    const pdf = new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('icon-input'), pdf);
    const toast = await screen.findByTestId('toast-error');
    expect(toast).toHaveTextContent('Failed to upload image');
    expect(toast).toHaveTextContent('“brochure.pdf” is not a PNG, JPEG, GIF or WebP image.');
    expect(calls).toHaveLength(0);
  });

  it('refuses an image over 2 MiB before sending it, and gives its size and the limit', async () => {
    signInAs(makeUser([]));
    const calls = fakeApi(() => undefined);
    renderScreen(<Harness />);
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'photo.jpg', { type: 'image/jpeg' });
    await userEvent.setup().upload(screen.getByTestId('icon-input'), big);
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('“photo.jpg” weighs 3 MB; an image may weigh 2 MB at most.');
    expect(calls).toHaveLength(0);
  });
});

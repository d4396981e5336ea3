import { act, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { LIBRARY_NOTIFICATION } from 'contracts';
import { system } from './system';
import { notifier, Toaster, toaster } from './toaster';

describe('Toaster', () => {
  it('shows a toast and a library notification, each from its own toaster', async () => {
    render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    );
    act(() => {
      toaster.create({ title: 'Saved', type: 'success' });
      notifier.create({ title: 'Start sending data', type: 'info' });
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(await screen.findByText('Start sending data')).toBeInTheDocument();
  });

  it('the library notification uses its longer-lived defaults', () => {
    expect(LIBRARY_NOTIFICATION.durationMs).toBe(4500);
    expect(notifier.attrs.placement).toBe('top-end');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../system';
import { RowActions } from './row-actions';

it('renders the visible actions as labelled buttons or links, leaves out hidden ones, and calls onClick', async () => {
  const onDelete = jest.fn();
  render(
    <ChakraProvider value={system}>
      <RowActions
        actions={[
          { label: 'Edit Summer sale', icon: <span>✎</span>, link: <a href="/posts/1/update" />, testId: 'edit' },
          { label: 'Duplicate Summer sale', icon: <span>⧉</span>, onClick: () => {}, hidden: true, testId: 'duplicate' },
          { label: 'Delete Summer sale', icon: <span>🗑</span>, onClick: onDelete, tone: 'danger', testId: 'delete' },
        ]}
      />
    </ChakraProvider>,
  );
  expect(screen.getByRole('link', { name: 'Edit Summer sale' })).toHaveAttribute('href', '/posts/1/update');
  expect(screen.queryByTestId('duplicate')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Summer sale' }));
  expect(onDelete).toHaveBeenCalledTimes(1);
});

it('on a phone the actions are one "…" menu naming each action, so the pinned column stays one button wide', async () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767.98px') })) as typeof window.matchMedia;
  try {
    const onDelete = jest.fn();
    render(
      <ChakraProvider value={system}>
        <RowActions
          actions={[
            { label: 'Edit Summer sale', icon: <span>✎</span>, link: <a href="/posts/1/update" />, testId: 'edit' },
            { label: 'Delete Summer sale', icon: <span>🗑</span>, onClick: onDelete, tone: 'danger', testId: 'delete' },
          ]}
        />
      </ChakraProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Delete Summer sale' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('row-actions-menu'));
    expect(await screen.findByRole('menuitem', { name: /Edit Summer sale/ })).toHaveAttribute('href', '/posts/1/update');
    await userEvent.click(screen.getByRole('menuitem', { name: /Delete Summer sale/ }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  } finally {
    window.matchMedia = original;
  }
});

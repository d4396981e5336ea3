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

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../system';
import { DataTable, type ColumnDef } from './DataTable';

type Row = { _id: string; name: string; domain: string };
const columns: ColumnDef<Row>[] = [
  { id: 'name', header: 'Name', meta: { alwaysVisible: true }, cell: ({ row }) => row.original.name },
  { id: '_id', header: 'Id', meta: { hiddenByDefault: true }, cell: ({ row }) => row.original._id },
  { id: 'domain', header: 'Domain', cell: ({ row }) => row.original.domain },
];
const rows: Row[] = [
  { _id: 'a1', name: 'Alpha', domain: 'alpha.test' },
  { _id: 'b2', name: 'Beta', domain: 'beta.test' },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <ChakraProvider value={system}>
      <DataTable<Row> columns={columns} data={rows} total={25} page={1} pageSize={10} onPageChange={() => {}} {...props} />
    </ChakraProvider>,
  );
}

describe('DataTable', () => {
  it('hides the columns hidden by default and shows the others', () => {
    renderTable();
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toEqual(['Name', 'Domain']);
    expect(screen.getByText('Alpha')).toBeInTheDocument();
    expect(screen.queryByText('a1')).not.toBeInTheDocument();
  });

  it('offers only the hideable columns in the column toggle, and shows a hidden one when checked', async () => {
    renderTable({ testId: 'toggled-table' });
    await userEvent.click(screen.getByTestId('column-toggle'));
    expect(await screen.findByTestId('toggle-column-_id')).toBeInTheDocument();
    expect(screen.queryByTestId('toggle-column-name')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('toggle-column-_id'));
    expect(await screen.findByText('a1')).toBeInTheDocument();
  });

  it('remembers the columns shown or hidden, per table, across a reload', async () => {
    const first = renderTable({ testId: 'remembered-table' });
    await userEvent.click(screen.getByTestId('column-toggle'));
    await userEvent.click(await screen.findByTestId('toggle-column-domain'));
    expect(JSON.parse(localStorage.getItem('signpost.tableColumns.remembered-table')!)).toEqual({ _id: false, domain: false });
    first.unmount();
    // Another table keeps its own defaults.
    const other = renderTable({ testId: 'other-table' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Domain']);
    other.unmount();
  });

  it('opens a table with the columns its user chose last time (read from storage at the first paint)', () => {
    localStorage.setItem('signpost.tableColumns.reloaded-table', JSON.stringify({ _id: true, domain: false }));
    renderTable({ testId: 'reloaded-table' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Id']);
  });

  it('pins the Action column at the inline end, so row actions stay in reach when a wide table scrolls', () => {
    renderTable({ columns: [...columns, { id: 'action', header: 'Action', cell: () => 'edit' }] });
    const action = screen.getAllByRole('cell').find((c) => c.getAttribute('data-column') === 'action')!;
    const domain = screen.getAllByRole('cell').find((c) => c.getAttribute('data-column') === 'domain')!;
    expect(getComputedStyle(action).position).toBe('sticky');
    expect(getComputedStyle(screen.getByRole('columnheader', { name: 'Action' })).position).toBe('sticky');
    expect(getComputedStyle(domain).position).not.toBe('sticky');
  });

  it('pages: previous is disabled on page 1, next asks for page 2', async () => {
    const onPageChange = jest.fn();
    renderTable({ onPageChange });
    const pagination = screen.getByTestId('table-pagination');
    const [previous, next] = within(pagination).getAllByRole('button');
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows the empty state, the error state with retry, and skeleton rows while loading', async () => {
    const { rerender } = renderTable({ data: [], total: 0, empty: { title: 'No website yet' } });
    expect(screen.getByTestId('table-empty')).toHaveTextContent('No website yet');
    const onRetry = jest.fn();
    rerender(
      <ChakraProvider value={system}>
        <DataTable<Row> columns={columns} data={[]} total={0} page={1} pageSize={10} onPageChange={() => {}} error="Server down" onRetry={onRetry} />
      </ChakraProvider>,
    );
    expect(screen.getByTestId('table-error')).toHaveTextContent('Server down');
    await userEvent.click(within(screen.getByTestId('table-error')).getByRole('button'));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(
      <ChakraProvider value={system}>
        <DataTable<Row> columns={columns} data={[]} total={0} page={1} pageSize={10} onPageChange={() => {}} loading />
      </ChakraProvider>,
    );
    expect(screen.getAllByTestId('table-skeleton').length).toBeGreaterThan(0);
  });

  it('reports the selected row ids, and select-all selects the page', async () => {
    const onSelectionChange = jest.fn();
    renderTable({ selectable: true, selection: [], onSelectionChange });
    const checkboxes = screen.getAllByRole('checkbox');
    await userEvent.click(checkboxes[0]);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['a1', 'b2']);
  });
});

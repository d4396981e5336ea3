import { act, renderHook } from '@testing-library/react';

const toasts: { type: string; title: string }[] = [];
jest.mock('../toaster', () => ({ toaster: { create: (t: { type: string; title: string }) => toasts.push(t) } }));

import { useConfirmedAction } from './use-confirmed-action';

type Row = { _id: string; name: string };
const row: Row = { _id: 'r1', name: 'Summer sale' };

beforeEach(() => (toasts.length = 0));

it('asks, runs the call on the row, announces success and calls onDone', async () => {
  const run = jest.fn(async () => undefined);
  const onDone = jest.fn();
  const { result } = renderHook(() => useConfirmedAction<Row>({ run, success: (r) => `${r.name} deleted`, errorFallback: 'Failed', onDone }));
  expect(result.current.dialogProps.open).toBe(false);
  act(() => result.current.ask(row));
  expect(result.current.dialogProps.open).toBe(true);
  await act(() => result.current.dialogProps.onConfirm());
  expect(run).toHaveBeenCalledWith(row);
  expect(onDone).toHaveBeenCalledWith(row);
  expect(toasts).toEqual([{ type: 'success', title: 'Summer sale deleted' }]);
});

it('on failure shows the server message, rejects (the dialog stays open) and does not call onDone', async () => {
  const failure = Object.assign(new Error('Request failed'), {
    isAxiosError: true,
    response: { status: 409, data: { message: 'This role is still held by 2 users.' } },
  });
  const onDone = jest.fn();
  const { result } = renderHook(() =>
    useConfirmedAction<Row>({ run: async () => Promise.reject(failure), success: 'ok', errorFallback: 'Failed to delete', onDone }),
  );
  act(() => result.current.ask(row));
  let caught: unknown;
  await act(async () => {
    try {
      await result.current.dialogProps.onConfirm();
    } catch (e) {
      caught = e;
    }
  });
  expect(caught).toBe(failure);
  expect(onDone).not.toHaveBeenCalled();
  expect(result.current.target).toEqual(row);
  expect(toasts).toEqual([{ type: 'error', title: 'This role is still held by 2 users.' }]);
});

import { act, renderHook } from '@testing-library/react';
import { useAfterIdle, whenIdle } from './idle';

type IdleWindow = Window & { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
const w = window as IdleWindow;
const original = { request: w.requestIdleCallback, cancel: w.cancelIdleCallback };

afterEach(() => {
  w.requestIdleCallback = original.request;
  w.cancelIdleCallback = original.cancel;
  jest.useRealTimers();
});

test('whenIdle waits for the browser to be idle, with the timeout as its limit', () => {
  const pending: (() => void)[] = [];
  const request = jest.fn((run: () => void) => pending.push(run));
  w.requestIdleCallback = request;
  w.cancelIdleCallback = jest.fn();
  const run = jest.fn();
  whenIdle(run, 3000);
  expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
  expect(run).not.toHaveBeenCalled();
  pending.forEach((p) => p());
  expect(run).toHaveBeenCalledTimes(1);
});

test('without requestIdleCallback (Safari), whenIdle runs after half the timeout, and can be cancelled', () => {
  jest.useFakeTimers();
  w.requestIdleCallback = undefined;
  const run = jest.fn();
  whenIdle(run, 3000);
  jest.advanceTimersByTime(1499);
  expect(run).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
  const cancelled = jest.fn();
  whenIdle(cancelled, 3000)();
  jest.advanceTimersByTime(5000);
  expect(cancelled).not.toHaveBeenCalled();
});

test('useAfterIdle is false on the first render and true once the page was idle', () => {
  jest.useFakeTimers();
  w.requestIdleCallback = undefined;
  const { result } = renderHook(() => useAfterIdle(1000));
  expect(result.current).toBe(false);
  act(() => jest.advanceTimersByTime(500));
  expect(result.current).toBe(true);
});

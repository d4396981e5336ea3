import { act, renderHook } from '@testing-library/react';
import { useAfterSettled, whenIdle, whenSettled } from './idle';

// Writable here: a test takes requestIdleCallback away (Safari has none) or replaces it.
const w = window as unknown as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
const original = { request: w.requestIdleCallback, cancel: w.cancelIdleCallback };

afterEach(() => {
  w.requestIdleCallback = original.request;
  w.cancelIdleCallback = original.cancel;
  document.body.innerHTML = '';
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

test('whenSettled waits while the screen shows a busy region or a skeleton, up to its limit', () => {
  jest.useFakeTimers();
  w.requestIdleCallback = undefined;
  document.body.innerHTML = '<div aria-busy="true"></div><div class="chakra-skeleton"></div>';
  const run = jest.fn();
  whenSettled(run, 60_000);
  jest.advanceTimersByTime(5000);
  expect(run).not.toHaveBeenCalled();
  document.querySelector('[aria-busy]')!.setAttribute('aria-busy', 'false');
  jest.advanceTimersByTime(5000);
  expect(run).not.toHaveBeenCalled();
  document.querySelector('.chakra-skeleton')!.remove();
  jest.advanceTimersByTime(250);
  expect(run).toHaveBeenCalledTimes(1);

  const late = jest.fn();
  document.body.innerHTML = '<div aria-busy="true"></div>';
  whenSettled(late, 2000);
  jest.advanceTimersByTime(1999);
  expect(late).not.toHaveBeenCalled();
  jest.advanceTimersByTime(250);
  expect(late).toHaveBeenCalledTimes(1);
});

test('useAfterSettled is false on the first render and true once the screen has settled', () => {
  jest.useFakeTimers();
  w.requestIdleCallback = undefined;
  const { result } = renderHook(() => useAfterSettled(6000));
  expect(result.current).toBe(false);
  act(() => jest.advanceTimersByTime(250));
  expect(result.current).toBe(true);
});

import { isVisible, waitForElement } from './element-waiter';

/** jsdom lays nothing out: every element measures 0×0, so boxes are given here (a `data-size` says how big). */
beforeAll(() => {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const size = Number(this.getAttribute('data-size') ?? 20);
    return { x: 0, y: 0, top: 0, left: 0, right: size, bottom: size, width: size, height: size, toJSON: () => ({}) } as DOMRect;
  });
});
afterAll(() => jest.restoreAllMocks());
beforeEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

const find = () => document.querySelector('#late');

describe('the element waiter', () => {
  it('answers at once an element already there and visible', async () => {
    document.body.innerHTML = '<button id="late">Go</button>';
    await expect(waitForElement(find, 1000).found).resolves.toBe(document.querySelector('#late'));
  });

  it('answers an element that appears late, as soon as it is added (a mutation, not a poll)', async () => {
    const wait = waitForElement(find, 5000);
    let answered: Element | null | undefined;
    void wait.found.then((e) => (answered = e));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBeUndefined();
    const button = document.createElement('button');
    button.id = 'late';
    document.body.append(button);
    // A microtask checkpoint later (the observer's callback), no timer tick needed.
    await Promise.resolve();
    await Promise.resolve();
    expect(answered).toBe(button);
  });

  it('answers null when the element never appears, after the time-out', async () => {
    jest.useFakeTimers();
    const wait = waitForElement(find, 3000);
    let answered: Element | null | undefined;
    void wait.found.then((e) => (answered = e));
    jest.advanceTimersByTime(2999);
    await Promise.resolve();
    expect(answered).toBeUndefined();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(answered).toBeNull();
  });

  it('waits while the element is hidden (display:none up the tree, or no size) and answers once it shows', async () => {
    document.body.innerHTML = '<div id="panel" style="display:none"><button id="late">Go</button></div><i id="empty" data-size="0"></i>';
    expect(isVisible(document.querySelector('#late')!)).toBe(false);
    expect(isVisible(document.querySelector('#empty')!)).toBe(false);
    const wait = waitForElement(find, 5000);
    let answered: Element | null | undefined;
    void wait.found.then((e) => (answered = e));
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBeUndefined();
    document.querySelector('#panel')!.removeAttribute('style');
    await new Promise((r) => setTimeout(r, 0));
    expect(answered).toBe(document.querySelector('#late'));
  });

  it('times out on an element that stays hidden, and stops observing', async () => {
    document.body.innerHTML = '<button id="late" style="visibility:hidden">Go</button>';
    const disconnect = jest.spyOn(MutationObserver.prototype, 'disconnect');
    await expect(waitForElement(find, 30).found).resolves.toBeNull();
    expect(disconnect).toHaveBeenCalled();
  });
});

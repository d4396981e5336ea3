import { findByFallback, locate, shownAs } from './element-finder';
import { waitForElement } from '../surfaces/element-waiter';
import { describeElement } from '../builder/picker';

/** jsdom lays nothing out: every element measures 20×20 unless its `data-size` says otherwise. */
beforeAll(() => {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const size = Number(this.getAttribute('data-size') ?? 20);
    return { x: 0, y: 0, top: 0, left: 0, right: size, bottom: size, width: size, height: size, toJSON: () => ({}) } as DOMRect;
  });
});
afterAll(() => jest.restoreAllMocks());
const page = (html: string) => {
  document.body.innerHTML = html;
};
const $ = (selector: string) => document.querySelector(selector)!;

describe('a control the page hides to draw its own', () => {
  it('a checkbox at opacity 0 is shown by its label: the player waits for it no longer', async () => {
    page('<ul><li><input id="t1" class="toggle" type="checkbox" style="opacity:0"><label for="t1" class="check">Buy milk</label></li></ul>');
    const found = locate({ selector: 'input.toggle', fallback: { text: '', tag: '', index: null, landmarks: [] } });
    expect(found?.element).toBe($('input'));
    expect(found?.shown).toBe($('label'));
    // What the tour player waits with: found at once, on the label.
    const wait = waitForElement(() => locate({ selector: 'input.toggle', fallback: { text: '', tag: '', index: null, landmarks: [] } })?.shown ?? null, 50);
    await expect(wait.found).resolves.toBe($('label'));
  });

  it('a clipped 1 px input inside its label is shown by the label; one with no label by the box it sits in', () => {
    page('<label class="switch">Dark mode <input type="checkbox" data-size="1" style="position:absolute;clip:rect(0 0 0 0)"></label>');
    expect(shownAs($('input'))).toBe($('label'));
    page('<div class="view"><input class="toggle" type="checkbox" style="opacity:0"><span>Walk the dog</span></div>');
    expect(shownAs($('input'))).toBe($('.view'));
  });

  it('nothing stands in for a control hidden for real, nor for anything but a control', () => {
    page('<div><div style="display:none"><input type="checkbox"></div></div>');
    expect(shownAs($('input'))).toBeNull();
    page('<div><p style="opacity:0">Gone</p></div>');
    expect(shownAs($('p'))).toBeNull();
  });
});

describe('the fallback never guesses', () => {
  it('a description of an input under a heading, without words, matches no other input: the step waits', () => {
    // The description of a todo's checkbox (no words of its own); its todo is not there yet, only the new-todo input.
    page('<section><header><h1>todos</h1><input class="new-todo" placeholder="What needs to be done?"></header><ul class="todo-list"></ul></section>');
    expect(findByFallback({ text: '', tag: 'input', index: 0, landmarks: [{ selector: 'h1', text: 'todos' }] })).toBeNull();
    expect(locate({ selector: 'li input.toggle', fallback: { text: '', tag: 'input', index: 0, landmarks: [{ selector: 'h1', text: 'todos' }] } })).toBeNull();
  });

  it('two elements fitting the description equally well: neither', () => {
    page('<ul><li><span>Report</span><button>Delete</button></li><li><span>Invoice</span><button>Delete</button></li></ul>');
    expect(findByFallback({ text: 'Delete', tag: 'button', index: 0, landmarks: [] })).toBeNull();
    // Evidence that tells them apart (a named region) makes it certain.
    page('<ul><li><span>Report</span><button>Delete</button></li><li aria-label="Trash" role="region"><button class="it">Delete</button></li></ul>');
    expect(findByFallback({ text: 'Delete', tag: 'button', index: 0, landmarks: [{ selector: '[aria-label="Trash"]', text: 'Trash' }] })?.className).toBe('it');
  });
});

describe('a description keeps only what every visitor sees', () => {
  it('leaves out counts and numbers, and addresses', () => {
    page('<footer><span class="count">2 items left</span><a href="#/">All</a><span class="me">ada@example.com</span></footer>');
    expect(describeElement($('.count')).text).toBe('');
    expect(describeElement($('.me')).text).toBe('');
    expect(describeElement($('a')).text).toBe('All');
  });
});

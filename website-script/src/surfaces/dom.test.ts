import { textOn } from './dom';

describe('textOn', () => {
  it('picks the text colour that reads better on the chosen background', () => {
    expect(textOn('#ffffff')).toBe('#1f1f1f');
    expect(textOn('#ffeb3b')).toBe('#1f1f1f');
    expect(textOn('#0958d9')).toBe('#ffffff');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('not a colour')).toBe('#1f1f1f');
  });
});

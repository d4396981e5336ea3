import { contrastRatio, textOnColor } from './color';

describe('textOnColor', () => {
  it('reaches AA (4.5:1) on any colour, the product’s own blues included', () => {
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const c = `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
          expect(contrastRatio(c, textOnColor(c))).toBeGreaterThanOrEqual(4.5);
        }
    for (const c of ['#0078ff', '#1677ff']) expect(contrastRatio(c, textOnColor(c))).toBeGreaterThanOrEqual(4.5);
  });

  it('white on dark colours, black on light ones; black when it is not a colour', () => {
    expect(textOnColor('#0958d9')).toBe('#ffffff');
    expect(textOnColor('#000')).toBe('#ffffff');
    expect(textOnColor('#ffee00')).toBe('#000000');
    expect(textOnColor('#0078ff')).toBe('#000000');
    expect(textOnColor('not a colour')).toBe('#000000');
    expect(textOnColor(undefined)).toBe('#000000');
  });
});

/** Black or white text, whichever reads better on a background colour (#rrggbb). */
export function readableOn(background: string | undefined): '#1f1f1f' | '#ffffff' {
  const hex = /^#([0-9a-f]{6})$/i.exec(background ?? '')?.[1];
  if (!hex) return '#1f1f1f';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.55 ? '#1f1f1f' : '#ffffff';
}

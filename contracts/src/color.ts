/**
 * Text on a colour the author chose (a button, a banner, a popup): one function for the script, the
 * console's previews and the server's e-mails, so a preview and the live item never disagree. Plain
 * code, no zod: the script imports it through `contracts/script`.
 */

const channel = (hex: string) => {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of `#rgb` or `#rrggbb` (0 black … 1 white); null when it is not a hex colour. */
export function relativeLuminance(color: string): number | null {
  let hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = [...hex].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  return 0.2126 * channel(hex.slice(0, 2)) + 0.7152 * channel(hex.slice(2, 4)) + 0.0722 * channel(hex.slice(4, 6));
}

/** WCAG contrast ratio of two hex colours (1 … 21); 1 when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#000000';

/**
 * The text colour on `background`: white or black, whichever contrasts more. One of the two always
 * reaches 4.5:1 (WCAG AA) on any colour (the worse colour for both still gives √21 ≈ 4.58), which a
 * softer near-black does not: #1f1f1f on #0078ff is 4.0:1, black 5.2:1. Not a hex colour: black.
 */
export function textOnColor(background: string | null | undefined): string {
  const color = background ?? '';
  if (relativeLuminance(color) === null) return DARK_TEXT;
  return contrastRatio(color, LIGHT_TEXT) >= contrastRatio(color, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

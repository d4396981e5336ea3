import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The Signpost design system: Chakra's defaults plus the brand palette around the primary colour
 * #1677ff. `colorPalette="brand"` needs the semantic tokens besides the scale.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    body: { fontFamily: 'body' },
    // Direction-aware glyphs (paging arrows) flip in right-to-left pages.
    ':root': { '--dir-flip': '1' },
    '[dir=rtl]': { '--dir-flip': '-1' },
    // People who ask their system for less motion get none: no fades, slides, pulsing skeletons or
    // spinning (the state each stands for is still said in words and ARIA).
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "Inter, 'Segoe UI', Roboto, 'Noto Sans Arabic', Tahoma, sans-serif" },
        body: { value: "Inter, 'Segoe UI', Roboto, 'Noto Sans Arabic', Tahoma, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#e6f4ff' },
          100: { value: '#bae0ff' },
          200: { value: '#91caff' },
          300: { value: '#69b1ff' },
          400: { value: '#4096ff' },
          500: { value: '#1677ff' },
          600: { value: '#0958d9' },
          700: { value: '#003eb3' },
          800: { value: '#002c8c' },
          900: { value: '#001d66' },
          950: { value: '#000f3d' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // Text sits on these: white on #1677ff is 4.1:1 and on #4096ff 2.98:1, below WCAG AA's
          // 4.5:1, so solid surfaces use the next shade (#0958d9, 6.1:1 with white) in both themes,
          // and brand text is #003eb3 on light surfaces (8.6:1 on white, 6.8:1 on brand.muted).
          // #1677ff stays the brand colour: the focus ring and the scale.
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.600}' } },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Dark mode is a designed palette, not an inversion: surfaces step up in lightness.
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '#0f1419' } },
          subtle: { value: { _light: '#f5f7fa', _dark: '#161c24' } },
          muted: { value: { _light: '#eef1f5', _dark: '#1d2530' } },
          panel: { value: { _light: '{colors.white}', _dark: '#161c24' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
export const PRIMARY_COLOR = '#1677ff';

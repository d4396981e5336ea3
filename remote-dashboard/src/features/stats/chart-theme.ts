import { useMemo } from 'react';
import { useColorMode } from 'shared-ui';

/**
 * Chart colours from the console's theme. chart.js draws on a canvas, which CSS cannot reach, so the
 * values are read from the Chakra system's CSS variables on <html> (where the `dark` class switches
 * the semantic tokens) at render and again whenever the colour mode changes. The fallbacks only serve
 * where no stylesheet exists (jsdom).
 */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  /** Series colours, in order: brand first. */
  series: string[];
}

const LIGHT: ChartTheme = {
  text: '#18181b',
  muted: '#71717a',
  grid: '#e4e4e7',
  surface: '#ffffff',
  series: ['#1677ff', '#0d9488', '#ea580c', '#9333ea', '#db2777'],
};
const DARK: ChartTheme = {
  text: '#fafafa',
  muted: '#a1a1aa',
  grid: '#27272a',
  surface: '#111111',
  series: ['#4096ff', '#2dd4bf', '#fb923c', '#c084fc', '#f472b6'],
};

function cssVar(style: CSSStyleDeclaration | null, name: string, fallback: string): string {
  const value = style?.getPropertyValue(name).trim();
  return value ? value : fallback;
}

export function readChartTheme(mode: 'light' | 'dark'): ChartTheme {
  const fallback = mode === 'dark' ? DARK : LIGHT;
  const style = typeof document === 'undefined' ? null : getComputedStyle(document.documentElement);
  return {
    text: cssVar(style, '--chakra-colors-fg', fallback.text),
    muted: cssVar(style, '--chakra-colors-fg-muted', fallback.muted),
    grid: cssVar(style, '--chakra-colors-border', fallback.grid),
    surface: cssVar(style, '--chakra-colors-bg-panel', fallback.surface),
    series: [
      cssVar(style, '--chakra-colors-brand-solid', fallback.series[0]),
      cssVar(style, '--chakra-colors-teal-solid', fallback.series[1]),
      cssVar(style, '--chakra-colors-orange-solid', fallback.series[2]),
      cssVar(style, '--chakra-colors-purple-solid', fallback.series[3]),
      cssVar(style, '--chakra-colors-pink-solid', fallback.series[4]),
    ],
  };
}

export function useChartTheme(): ChartTheme & { mode: 'light' | 'dark' } {
  const { colorMode } = useColorMode();
  return useMemo(() => ({ ...readChartTheme(colorMode), mode: colorMode }), [colorMode]);
}

/** The colour with an alpha (fills under lines), for hex and rgb() values alike. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const n = parseInt(hex[1], 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(color);
  if (rgb) {
    const [r, g, b] = rgb[1].split(/[ ,/]+/);
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  return color;
}

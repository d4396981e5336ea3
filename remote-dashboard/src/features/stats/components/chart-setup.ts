import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type ChartType,
} from 'chart.js';
import type { ChartTheme } from '../chart-theme';

// Only the pieces these charts use are registered, so the bundle keeps chart.js's tree-shaken core
// (no `chart.js/auto`): category and linear scales, lines with points and fills, bars, arcs.
Chart.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, ArcElement, Filler, Tooltip, Legend);

export interface ChartLocale {
  lng: string;
  rtl: boolean;
}

/**
 * Options every chart shares: the theme's colours, numbers in the console's language, and in Arabic
 * legend and tooltip written right to left.
 */
export function baseOptions<T extends ChartType>(theme: ChartTheme, { lng, rtl }: ChartLocale): ChartOptions<T> {
  const options: ChartOptions<ChartType> = {
    responsive: true,
    maintainAspectRatio: false,
    locale: lng,
    animation: false,
    color: theme.text,
    plugins: {
      legend: { position: 'bottom', rtl, textDirection: rtl ? 'rtl' : 'ltr', labels: { color: theme.text, usePointStyle: true } },
      tooltip: { rtl, textDirection: rtl ? 'rtl' : 'ltr', backgroundColor: theme.text, titleColor: theme.surface, bodyColor: theme.surface },
    },
  };
  return options as ChartOptions<T>;
}

/**
 * A horizontal axis's categories in reading order: in Arabic the first (the earliest time) at the
 * right. The data is turned round rather than the axis: chart.js, on a reversed axis, leaves no room
 * for its end labels, which were cut at the canvas's edges.
 */
export function inReadingOrder<T>(items: readonly T[], { rtl }: ChartLocale): T[] {
  return rtl ? [...items].reverse() : [...items];
}

/** Category x axis (its categories given `inReadingOrder`) and count y axis on the reading side's start, with translated titles. */
export function axes(theme: ChartTheme, { rtl }: ChartLocale, xTitle: string, yTitle: string) {
  const title = (text: string) => ({ display: true, text, color: theme.muted });
  return {
    x: { ticks: { color: theme.muted, maxRotation: 0, autoSkip: true }, grid: { color: theme.grid }, title: title(xTitle) },
    y: {
      beginAtZero: true,
      position: rtl ? ('right' as const) : ('left' as const),
      ticks: { color: theme.muted, precision: 0 },
      grid: { color: theme.grid },
      title: title(yTitle),
    },
  };
}

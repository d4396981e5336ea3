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
 * the reading order mirrored (legend and tooltip written right to left, the time axis running from
 * the right).
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

/** Category x axis and count y axis, with translated titles. */
export function axes(theme: ChartTheme, { rtl }: ChartLocale, xTitle: string, yTitle: string) {
  const title = (text: string) => ({ display: true, text, color: theme.muted });
  return {
    x: { reverse: rtl, ticks: { color: theme.muted, maxRotation: 0, autoSkip: true }, grid: { color: theme.grid }, title: title(xTitle) },
    y: {
      beginAtZero: true,
      position: rtl ? ('right' as const) : ('left' as const),
      ticks: { color: theme.muted, precision: 0 },
      grid: { color: theme.grid },
      title: title(yTitle),
    },
  };
}

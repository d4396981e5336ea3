import { lazy } from 'react';

/**
 * chart.js is most of the dashboard's JavaScript: its chunk is fetched while the statistics load,
 * so the page, the range selector and the figures show without waiting for it (ChartCard shows a
 * skeleton until a chart is ready).
 */
const charts = () => import('./charts');
/** Starts fetching the charts' chunk; called when the statistics start loading, not when they arrive. */
export const preloadCharts = () => void charts();
export const UsersConnectedChart = lazy(() => charts().then((m) => ({ default: m.UsersConnectedChart })));
export const ServicesViewsChart = lazy(() => charts().then((m) => ({ default: m.ServicesViewsChart })));
export const InteractionsChart = lazy(() => charts().then((m) => ({ default: m.InteractionsChart })));
export const TrafficChart = lazy(() => charts().then((m) => ({ default: m.TrafficChart })));

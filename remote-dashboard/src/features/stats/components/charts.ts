// The chart components, with chart.js: one chunk, loaded on demand (see lazy-charts.ts).
export { UsersConnectedChart } from './UsersConnectedChart';
export { ServicesViewsChart } from './ServicesViewsChart';
export { InteractionsChart } from './InteractionsChart';
export { TrafficChart } from './TrafficChart';

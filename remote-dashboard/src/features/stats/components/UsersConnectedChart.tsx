import { Line } from 'react-chartjs-2';
import type { SeriesPoint } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { useChartTheme, withAlpha } from '../chart-theme';
import { bucketLabel } from '../range';
import { axes, baseOptions, inReadingOrder, type ChartLocale } from './chart-setup';

/** userConnected: distinct visitors per hour or per day, as a filled line. */
export function UsersConnectedChart({ points, hourly, locale }: { points: SeriesPoint[]; hourly: boolean; locale: ChartLocale }) {
  const { t } = useTranslation('dashboard');
  const theme = useChartTheme();
  const color = theme.series[0];
  const shown = inReadingOrder(points, locale);
  return (
    <Line
      aria-label={t('charts.usersConnected.title')}
      role="img"
      data={{
        labels: shown.map((p) => bucketLabel(p.key, locale.lng)),
        datasets: [
          {
            label: t('charts.usersConnected.series'),
            data: shown.map((p) => p.data),
            borderColor: color,
            backgroundColor: withAlpha(color, 0.15),
            fill: true,
            tension: 0.3,
            pointRadius: 2,
          },
        ],
      }}
      options={{ ...baseOptions<'line'>(theme, locale), scales: axes(theme, locale, t(hourly ? 'axes.hour' : 'axes.day'), t('axes.visitors')) }}
    />
  );
}

import { Doughnut } from 'react-chartjs-2';
import type { Traffics } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { useChartTheme } from '../chart-theme';
import { baseOptions, type ChartLocale } from './chart-setup';

/** traffics: visitors on the web and on mobile (the total, `all`, is shown beside it as a figure). */
export function TrafficChart({ traffic, locale }: { traffic: Traffics; locale: ChartLocale }) {
  const { t } = useTranslation('dashboard');
  const theme = useChartTheme();
  return (
    <Doughnut
      aria-label={t('charts.traffic.title')}
      role="img"
      data={{
        labels: [t('traffic.web'), t('traffic.mobile')],
        datasets: [
          {
            label: t('charts.traffic.series'),
            data: [traffic.web, traffic.mobile],
            backgroundColor: [theme.series[0], theme.series[2]],
            borderColor: theme.surface,
          },
        ],
      }}
      options={{ ...baseOptions<'doughnut'>(theme, locale), cutout: '60%' }}
    />
  );
}

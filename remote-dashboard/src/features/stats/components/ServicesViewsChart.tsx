import { Bar } from 'react-chartjs-2';
import type { ServiceViews } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { useChartTheme } from '../chart-theme';
import { bucketLabel } from '../range';
import { axes, baseOptions, inReadingOrder, type ChartLocale } from './chart-setup';

/** servicesViews: views of each service over the range, one bar series per service. */
export function ServicesViewsChart({ services, hourly, locale }: { services: ServiceViews[]; hourly: boolean; locale: ChartLocale }) {
  const { t } = useTranslation('dashboard');
  const theme = useChartTheme();
  const keys = inReadingOrder(services[0]?.data.map((p) => p.key) ?? [], locale);
  return (
    <Bar
      aria-label={t('charts.views.title')}
      role="img"
      data={{
        labels: keys.map((k) => bucketLabel(k, locale.lng)),
        datasets: services.map((s, i) => ({
          label: t('charts.views.series', { service: t(`services.${s.serviceName}`), total: s.count }),
          data: inReadingOrder(s.data, locale).map((p) => p.data),
          backgroundColor: theme.series[i % theme.series.length],
          borderRadius: 3,
        })),
      }}
      options={{ ...baseOptions<'bar'>(theme, locale), scales: axes(theme, locale, t(hourly ? 'axes.hour' : 'axes.day'), t('axes.views')) }}
    />
  );
}

import { Bar } from 'react-chartjs-2';
import type { UsersInteractions } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { useChartTheme } from '../chart-theme';
import { axes, baseOptions, inReadingOrder, type ChartLocale } from './chart-setup';

const KINDS = ['comment', 'react', 'close'] as const;

/** usersInteractions: comments, reactions and closes in the range, one bar each. */
export function InteractionsChart({ interactions, locale }: { interactions: UsersInteractions; locale: ChartLocale }) {
  const { t } = useTranslation('dashboard');
  const theme = useChartTheme();
  const kinds = inReadingOrder(KINDS, locale);
  return (
    <Bar
      aria-label={t('charts.interactions.title')}
      role="img"
      data={{
        labels: kinds.map((k) => t(`interactions.${k}`)),
        datasets: [
          {
            label: t('charts.interactions.series'),
            data: kinds.map((k) => interactions[k]),
            backgroundColor: kinds.map((k) => theme.series[KINDS.indexOf(k) + 1]),
            borderRadius: 4,
          },
        ],
      }}
      options={{
        ...baseOptions<'bar'>(theme, locale),
        plugins: { ...baseOptions<'bar'>(theme, locale).plugins, legend: { display: false } },
        scales: axes(theme, locale, t('axes.interaction'), t('axes.count')),
      }}
    />
  );
}

import { Link as RouterLink } from 'react-router-dom';
import { Button, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/**
 * A page that stands for an HTTP status (403, 404): the code, the `common` namespace's
 * `<page>.title` and `.description`, and a link back to `to` named by `<page>.<back>`.
 */
export function StatusScreen({ code, page, back, to, tone }: { code: number; page: 'forbidden' | 'notFound'; back: string; to: string; tone?: 'warning' }) {
  const { t } = useTranslation('common');
  return (
    <StatePanel
      testId={page === 'notFound' ? 'not-found' : page}
      tone={tone}
      icon={<span>{code}</span>}
      title={t(`${page}.title`)}
      description={t(`${page}.description`)}
      action={
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to={to}>{t(`${page}.${back}`)}</RouterLink>
        </Button>
      }
    />
  );
}

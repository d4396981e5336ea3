import { Link as RouterLink } from 'react-router-dom';
import { Button, Center, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/** Any unknown path (spec section 2). `standalone` when shown outside the main layout. */
export function NotFoundScreen({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('common');
  const panel = (
    <StatePanel
      testId="not-found"
      icon={<span>404</span>}
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to="/">{t('notFound.home')}</RouterLink>
        </Button>
      }
    />
  );
  return standalone ? <Center minH="100dvh">{panel}</Center> : panel;
}

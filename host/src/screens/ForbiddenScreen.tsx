import { Link as RouterLink } from 'react-router-dom';
import { Button, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/** Where a route without its permission lands (spec sections 2 and 6). */
export function ForbiddenScreen() {
  const { t } = useTranslation('common');
  return (
    <StatePanel
      testId="forbidden"
      tone="warning"
      icon={<span>403</span>}
      title={t('forbidden.title')}
      description={t('forbidden.description')}
      action={
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to="/dashboard">{t('forbidden.back')}</RouterLink>
        </Button>
      }
    />
  );
}

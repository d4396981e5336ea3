import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { LoginForm } from './LoginForm';

/** /login inside the console (after a sign-out, or a protected page's redirect with `from`). */
export function LoginScreen() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search?: string } } | null)?.from;
  return (
    <LoginForm
      forgotLink={<RouterLink to="/forget-password">{t('login.forgot')}</RouterLink>}
      onSignedIn={() => {
        toaster.create({ type: 'success', title: t('login.success') });
        navigate(from ? `${from.pathname}${from.search ?? ''}` : '/dashboard', { replace: true });
      }}
    />
  );
}

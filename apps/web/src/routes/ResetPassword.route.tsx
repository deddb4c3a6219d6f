import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reset-password and /reset-password/:uidb64/:token (spec part 1 §2.6). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.resetPassword.title')} description={t('pages.resetPassword.description')} />;
}

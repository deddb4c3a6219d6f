import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /forgot-password: request a reset link (spec part 1 §2.5). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.forgotPassword.title')} description={t('pages.forgotPassword.description')} />;
}

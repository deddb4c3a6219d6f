import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /verify-email: e-mail verification landing (spec part 1 §2.1). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.verifyEmail.title')} description={t('pages.verifyEmail.description')} />;
}

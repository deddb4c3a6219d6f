import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /login: sign in (spec part 1 §2.3). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.login.title')} description={t('pages.login.description')} />;
}

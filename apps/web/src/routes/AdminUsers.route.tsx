import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /admin/users, admin only (spec part 1 §2.13). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.adminUsers.title')} description={t('pages.adminUsers.description')} />;
}

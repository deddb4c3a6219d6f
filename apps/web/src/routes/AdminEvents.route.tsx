import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /admin/events, admin only (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.adminEvents.title')} description={t('pages.adminEvents.description')} />;
}

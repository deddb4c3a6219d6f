import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /admin/events/:id, admin only (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.adminEventDetail.title')} description={t('pages.adminEventDetail.description')} />;
}

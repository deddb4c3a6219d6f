import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /events/:id (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.eventDetail.title')} description={t('pages.eventDetail.description')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /events/:eventId/submissions (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.eventSubmissions.title')} description={t('pages.eventSubmissions.description')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /submissions/:submissionId and /events/:eventId/submissions/:submissionId (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.submissionDetail.title')} description={t('pages.submissionDetail.description')} />;
}

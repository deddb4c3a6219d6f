import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /events/:eventId/submissions/:id/assign (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.submissionAssign.title')} description={t('pages.submissionAssign.description')} />;
}

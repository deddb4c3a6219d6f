import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /submissions/:submissionId/edit and /events/:eventId/submissions/:submissionId/edit (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.submissionEdit.title')} description={t('pages.submissionEdit.description')} />;
}

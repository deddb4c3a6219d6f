import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /events/:eventId/submissions/new and /events/:eventId/submit (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.submissionForm.title')} description={t('pages.submissionForm.description')} />;
}

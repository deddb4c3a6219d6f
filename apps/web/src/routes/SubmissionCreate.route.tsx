import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /submissions/create (spec part 1 §2.14, DESIGN.md §12). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.submissionCreate.title')} description={t('pages.submissionCreate.description')} />;
}

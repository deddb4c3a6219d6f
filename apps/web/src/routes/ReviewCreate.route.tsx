import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reviews/create?submissionId= (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.reviewCreate.title')} description={t('pages.reviewCreate.description')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reviews/:id (spec part 1 §2.14, DESIGN.md §12). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.reviewDetail.title')} description={t('pages.reviewDetail.description')} />;
}

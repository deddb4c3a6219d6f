import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reviews (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.reviews.title')} description={t('pages.reviews.description')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /dashboard (spec part 1 §2.10). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.dashboard.title')} description={t('pages.dashboard.description')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /profile (spec part 1 §2.12). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.profile.title')} description={t('pages.profile.description')} />;
}

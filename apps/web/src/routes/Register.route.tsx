import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /register: sign up (spec part 1 §2.4). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.register.title')} description={t('pages.register.description')} />;
}

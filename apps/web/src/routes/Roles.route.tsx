import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /roles: switch role (spec part 1 §2.11). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.roles.title')} description={t('pages.roles.description')} />;
}

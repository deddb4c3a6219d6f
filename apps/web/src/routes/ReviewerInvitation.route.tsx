import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reviewer-invitation (spec part 1 §2.1, §2.7). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('pages.reviewerInvitation.title')} description={t('pages.reviewerInvitation.description')} />
  );
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reviewer-invitation/accepted (spec part 1 §2.7). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.reviewerInvitationAccepted.title')}
      description={t('pages.reviewerInvitationAccepted.description')}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reviewer-invitation/error (spec part 1 §2.7). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.reviewerInvitationError.title')}
      description={t('pages.reviewerInvitationError.description')}
    />
  );
}

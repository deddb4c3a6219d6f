import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /reviewer-invitation/declined (spec part 1 §2.7). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.reviewerInvitationDeclined.title')}
      description={t('pages.reviewerInvitationDeclined.description')}
    />
  );
}

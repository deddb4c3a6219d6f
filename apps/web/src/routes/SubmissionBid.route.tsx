import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /submissions/:id/bid: the submission detail with bidding (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.submissionBid.title')} description={t('pages.submissionBid.description')} />;
}

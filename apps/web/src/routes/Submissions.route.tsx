import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /submissions: my submissions (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.submissions.title')} description={t('pages.submissions.description')} />;
}

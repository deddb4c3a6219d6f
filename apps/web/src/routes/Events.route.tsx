import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';

/** /events: the event list of the active role (spec part 2). */
export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.events.title')} description={t('pages.events.description')} />;
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';
import { EventCreateForm } from '../features/events/forms/EventCreateForm.tsx';

/** /events/create. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.eventCreate.title')} description={t('pages.eventCreate.description')} />
      <EventCreateForm />
    </>
  );
}

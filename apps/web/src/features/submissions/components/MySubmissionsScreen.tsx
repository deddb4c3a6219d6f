import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FilePlus2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { mySubmissionsQuery } from '../api.ts';
import { useSubmissionText } from '../use-submission-text.ts';
import { useSubmissionDeletion } from './DeleteSubmissionModal.tsx';
import { SubmissionTable } from './SubmissionTable.tsx';

/**
 * /submissions: the papers the user is an author of, grouped by event, with view, edit and delete (when allowed)
 * actions. A load failure shows the generic error and 'Failed to load submissions'.
 */
export function MySubmissionsScreen() {
  const { t } = useTranslation();
  const { errorText } = useSubmissionText();
  const query = useQuery(mySubmissionsQuery());
  const deletion = useSubmissionDeletion();

  useEffect(() => {
    if (query.isError) notify('error', t('submissions.list.loadFailed'));
  }, [query.isError, t]);

  const newButton = (
    <Button component={Link} to="/submissions/create" leftSection={<FilePlus2 size={16} />}>
      {t('submissions.list.newSubmission')}
    </Button>
  );

  return (
    <>
      <ScreenHeader
        title={t('submissions.mine.title')}
        description={t('submissions.mine.description')}
        actions={newButton}
      />
      <SubmissionTable
        submissions={query.data ?? []}
        loading={query.isPending}
        error={query.isError ? t('submissions.common.error') : null}
        errorDetail={query.isError ? errorText(query.error) : undefined}
        title={t('submissions.mine.listTitle')}
        onDelete={deletion.request}
        allowDelete
        onRetry={() => void query.refetch()}
        emptyAction={newButton}
      />
      {deletion.modal}
    </>
  );
}

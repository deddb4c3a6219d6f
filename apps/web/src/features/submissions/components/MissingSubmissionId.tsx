import { Button, EmptyState, Group, Paper } from '@mantine/core';
import { FileQuestion, FileText, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';

/** A submission page opened without a submission id. */
export function MissingSubmissionId() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader title={t('submissions.missing.title')} />
      <Paper withBorder radius="lg" p="xl" data-testid="missing-submission-id">
        <EmptyState
          icon={<FileQuestion size={28} />}
          withIndicatorBackground
          title={t('submissions.missing.title')}
          description={t('submissions.missing.text')}
        >
          <EmptyState.Actions>
            <Group gap="sm" justify="center">
              <Button component={Link} to="/submissions" leftSection={<FileText size={16} />}>
                {t('submissions.missing.mySubmissions')}
              </Button>
              <Button component={Link} to="/dashboard" variant="default" leftSection={<LayoutDashboard size={16} />}>
                {t('submissions.missing.dashboard')}
              </Button>
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </>
  );
}

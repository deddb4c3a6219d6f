import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { CircleAlert, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UploadProgress } from './UploadProgress.tsx';

type SubmitBarProps = {
  submitLabel: string;
  cancelTo: string;
  pending: boolean;
  /** Upload progress in percent while saving (null when unknown). */
  percent: number | null;
  /** A problem of the whole form (the server's answer when it names no field). */
  error?: string | null;
};

/** The end of the submission form: what went wrong, the upload's progress, Cancel and the submit button. */
export function SubmitBar({ submitLabel, cancelTo, pending, percent, error }: SubmitBarProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        {error ? (
          <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="form-error">
            {error}
          </Alert>
        ) : null}
        {pending ? (
          <UploadProgress percent={percent} label={t('submissions.form.uploading')} testId="upload-progress" />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={cancelTo} disabled={pending}>
            {t('submissions.form.cancel')}
          </Button>
          <Button
            type="submit"
            loading={pending}
            leftSection={<Send size={16} className="mirror-rtl" />}
            data-testid="submission-submit"
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

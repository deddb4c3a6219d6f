import type { ExtractionResponseDto } from '@confero/contracts';
import { Alert, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { CircleAlert, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, keyedMessage, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { FormSection } from '../../events/forms/FormSection.tsx';
import { useExtractMutation } from '../api.ts';
import { useSubmissionText } from '../use-submission-text.ts';
import { PdfFileField } from './PdfFileField.tsx';
import { UploadProgress } from './UploadProgress.tsx';

type AiExtractPanelProps = {
  eventId: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /**
   * The answer of a successful extraction and the text to show about it; `warning` when nothing could be read (a
   * text layer that is not language), so the author types the details.
   */
  onExtracted: (data: ExtractionResponseDto['data'], notice: string, tone: 'success' | 'warning') => void;
};

/**
 * AI-assisted submission: choose the PDF, upload it with progress to `ai/extract/` (file and event_id); on success the
 * caller fills the form and switches to manual entry. When the PDF's text could not be read (`unreadable`), the form
 * is left for the author to type, with extractUnreadable as a warning. A failure shows the server's message, else
 * extractFailed, here and as a notification.
 */
export function AiExtractPanel({ eventId, file, onFileChange, onExtracted }: AiExtractPanelProps) {
  const { t } = useTranslation();
  const { message } = useSubmissionText();
  const { text } = useMessageText();
  const extract = useExtractMutation();
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const fail = (text: string) => {
    setFailure(text);
    notify('error', text);
  };

  const handleExtract = () => {
    if (extract.isPending) return;
    setFailure(null);
    if (!file) {
      fail(message('ai.fileRequired'));
      return;
    }
    if (file.type !== 'application/pdf') {
      fail(message('submissions.invalidPdf'));
      return;
    }
    setPercent(0);
    extract.mutate(
      { file, eventId, onProgress: (progress) => setPercent(progress.percent) },
      {
        onSuccess: (answer) => {
          if (answer.unreadable) {
            onExtracted(answer.data, t('submissions.ai.extractUnreadable'), 'warning');
            return;
          }
          const keyed = keyedMessage(answer.message_code);
          const notice = keyed ? text(keyed) : answer.message || t('submissions.ai.extractSuccess');
          onExtracted(answer.data, notice, 'success');
        },
        onError: (error) => {
          const found = errorMessage(error);
          fail(found ? text(found) : t('submissions.ai.extractFailed'));
        },
        onSettled: () => setPercent(null),
      },
    );
  };

  return (
    <FormSection
      title={t('submissions.ai.title')}
      description={t('submissions.ai.description')}
      icon={Sparkles}
      data-testid="ai-extract-panel"
    >
      <List
        size="sm"
        spacing={4}
        c="dimmed"
        icon={
          <ThemeIcon size={18} radius="xl" variant="light" color="grape">
            <Sparkles size={11} />
          </ThemeIcon>
        }
      >
        <List.Item>{t('submissions.ai.step1')}</List.Item>
        <List.Item>{t('submissions.ai.step2')}</List.Item>
        <List.Item>{t('submissions.ai.step3')}</List.Item>
      </List>
      <PdfFileField
        label={t('submissions.ai.file')}
        value={file}
        onChange={(chosen) => {
          setFailure(null);
          onFileChange(chosen);
        }}
        onReject={fail}
        required
        disabled={extract.isPending}
        testId="ai-file-input"
      />
      {extract.isPending ? (
        <UploadProgress percent={percent} label={t('submissions.ai.uploading')} testId="ai-progress" />
      ) : null}
      {failure ? (
        <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="ai-error">
          <Text size="sm">{failure}</Text>
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Group>
          <Button
            leftSection={<Sparkles size={16} />}
            onClick={handleExtract}
            loading={extract.isPending}
            variant="gradient"
            data-testid="ai-extract-button"
          >
            {t('submissions.ai.extract')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('submissions.ai.privacy')}
        </Text>
      </Stack>
    </FormSection>
  );
}

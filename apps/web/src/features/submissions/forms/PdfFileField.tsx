import { FileInput, Group, Text } from '@mantine/core';
import { FileText, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaxUploadMb } from '../../../lib/client-config.ts';
import { formatFileSize } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';
import { isPdfFile, megabytes } from './submission-form.ts';

type PdfFileFieldProps = {
  value: File | null;
  onChange: (file: File | null) => void;
  /** Called instead of onChange when the chosen file is refused (not a PDF, too large). */
  onReject: (message: string) => void;
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  testId?: string;
};

/**
 * A PDF picker: PDF only, at most the server's MAX_UPLOAD_MB (from `GET config/`), shown as help text. A refused file
 * is not kept and the reason is reported.
 */
export function PdfFileField({
  value,
  onChange,
  onReject,
  label,
  description,
  error,
  required,
  disabled,
  id,
  testId,
}: PdfFileFieldProps) {
  const { t, i18n } = useTranslation();
  const resetRef = useRef<() => void>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { message } = useSubmissionText();
  const maxUploadMb = useMaxUploadMb();

  const handleChange = (file: File | null) => {
    if (file && !isPdfFile(file)) {
      resetRef.current?.();
      onChange(null);
      onReject(message('submissions.invalidPdf'));
      return;
    }
    if (file && file.size > megabytes(maxUploadMb)) {
      resetRef.current?.();
      onChange(null);
      onReject(message('submissions.fileTooLarge', { max: maxUploadMb }));
      return;
    }
    onChange(file);
  };

  return (
    <FileInput
      id={id}
      label={label}
      description={description ?? t('submissions.form.fileHelp', { max: maxUploadMb })}
      placeholder={t('submissions.form.filePlaceholder')}
      accept="application/pdf,.pdf"
      value={value}
      onChange={handleChange}
      resetRef={resetRef}
      clearable
      withAsterisk={required}
      error={error}
      disabled={disabled}
      leftSection={<Upload size={16} />}
      fileInputProps={{ 'data-testid': testId } as React.ComponentProps<'input'>}
      valueComponent={({ value: chosen }) =>
        chosen instanceof File ? (
          <Group gap={6} wrap="nowrap" miw={0}>
            <FileText size={14} style={{ flexShrink: 0 }} />
            <Text size="sm" truncate>
              {chosen.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatFileSize(chosen.size, language)}
            </Text>
          </Group>
        ) : null
      }
    />
  );
}

import {
  ABSTRACT_MAX_LENGTH,
  KEYWORDS_MIN_CREATE,
  KEYWORDS_MIN_EDIT,
  SUBMISSION_TITLE_MAX_LENGTH,
  type TrackDto,
} from '@confero/contracts';
import { Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { FileText, FileUp, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_CHOICE_CLASS_NAMES, USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { FormSection } from '../../events/forms/FormSection.tsx';
import { AuthorsEditor } from './AuthorsEditor.tsx';
import { KeywordsInput } from './KeywordsInput.tsx';
import { PdfFileField } from './PdfFileField.tsx';
import { fieldAnchorId, type SubmissionFormState } from './use-submission-form.ts';

/** The abstract has 8 rows on create, 6 on edit. */
const ABSTRACT_ROWS = { create: 8, edit: 6 } as const;

type SubmissionFormFieldsProps = {
  form: SubmissionFormState;
  mode: 'create' | 'edit';
  tracks: TrackDto[];
  /** Edit: the name of the paper's current file. */
  currentFileName?: string;
  disabled?: boolean;
};

/**
 * The fields of the submission form, on create and on edit: the paper (title, abstract, keywords, track when the event
 * has tracks), the authors, and the PDF — required on create, optional on edit (the current file is kept unless another
 * is chosen).
 */
export function SubmissionFormFields({ form, mode, tracks, currentFileName, disabled }: SubmissionFormFieldsProps) {
  const { t } = useTranslation();
  const { values, errors } = form;
  const trackOptions = tracks.map((track) => ({ value: track.public_id, label: track.name }));

  return (
    <>
      <FormSection
        title={t('submissions.form.sections.paper')}
        description={t('submissions.form.sections.paperText')}
        icon={FileText}
        data-testid="section-paper"
      >
        <div id={fieldAnchorId('title')}>
          <TextInput
            label={t('submissions.form.title')}
            withAsterisk
            value={values.title}
            onChange={(event) => form.setField('title', event.currentTarget.value)}
            error={errors.title}
            maxLength={SUBMISSION_TITLE_MAX_LENGTH}
            disabled={disabled}
            classNames={USER_INPUT_CLASS_NAMES}
            data-testid="submission-title-input"
          />
        </div>
        <div id={fieldAnchorId('abstract')}>
          <Textarea
            label={t('submissions.form.abstract')}
            withAsterisk
            rows={ABSTRACT_ROWS[mode]}
            value={values.abstract}
            onChange={(event) => form.setField('abstract', event.currentTarget.value)}
            error={errors.abstract}
            maxLength={ABSTRACT_MAX_LENGTH}
            disabled={disabled}
            classNames={USER_INPUT_CLASS_NAMES}
            data-testid="submission-abstract-input"
          />
        </div>
        <div id={fieldAnchorId('keywords')}>
          <KeywordsInput
            keywords={values.keywords}
            onAdd={form.addKeywords}
            onRemove={form.removeKeyword}
            minimum={mode === 'create' ? KEYWORDS_MIN_CREATE : KEYWORDS_MIN_EDIT}
            error={errors.keywords}
            disabled={disabled}
          />
        </div>
        {trackOptions.length > 0 ? (
          <Select
            label={t('submissions.form.track')}
            description={t('submissions.form.trackHelp')}
            placeholder={t('submissions.form.noTrack')}
            data={trackOptions}
            value={values.track}
            onChange={(value) => form.setField('track', value)}
            clearable
            disabled={disabled}
            classNames={USER_CHOICE_CLASS_NAMES}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
      </FormSection>

      <FormSection
        title={t('submissions.form.sections.authors')}
        description={t('submissions.form.sections.authorsText')}
        icon={UsersRound}
        data-testid="section-authors"
      >
        <AuthorsEditor
          authors={values.authors}
          onChange={form.updateAuthor}
          onSetCorresponding={form.setCorresponding}
          onAdd={form.addAuthor}
          onRemove={form.removeAuthor}
          onMove={form.moveAuthor}
          error={errors.authors}
          errorIndex={errors.authorIndex}
          disabled={disabled}
        />
      </FormSection>

      <FormSection
        title={t('submissions.form.sections.file')}
        description={t(
          mode === 'create' ? 'submissions.form.sections.fileText' : 'submissions.form.sections.fileEditText',
        )}
        icon={FileUp}
        data-testid="section-file"
      >
        {mode === 'edit' && currentFileName ? (
          <Group gap={6} data-testid="current-file">
            <Text size="sm" c="dimmed">
              {t('submissions.form.currentFile')}
            </Text>
            <Text size="sm" fw={600}>
              {currentFileName}
            </Text>
          </Group>
        ) : null}
        <div id={fieldAnchorId('file')}>
          <PdfFileField
            label={t(mode === 'create' ? 'submissions.form.file' : 'submissions.form.replaceFile')}
            value={values.file}
            onChange={(file) => form.setField('file', file)}
            onReject={(text) => form.showError('file', text)}
            error={errors.file}
            required={mode === 'create'}
            disabled={disabled}
            testId="submission-file-input"
          />
        </div>
      </FormSection>
    </>
  );
}

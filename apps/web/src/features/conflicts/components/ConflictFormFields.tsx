import { CONFLICT_NOTE_MAX_LENGTH } from '@confero/contracts';
import { Alert, Button, Group, Select, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { CircleAlert, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { DECLARABLE_CONFLICT_TYPES, type DeclarableConflictType, isConflictType } from '../conflict-display.ts';
import { useConflictText } from '../use-conflict-text.ts';

/*
 * The pieces the conflict forms (add, declare, check a candidate) have in common. Labels and test ids come from
 * each form, so that every form keeps its own texts and the ids its journeys use.
 */

type FieldProps = {
  label: string;
  /** What `form.getInputProps(field)` gives. */
  field: GetInputPropsReturnType;
  testId: string;
};

type EmailFieldProps = Pick<TextInputProps, 'label' | 'description' | 'placeholder' | 'withAsterisk' | 'aria-label'> &
  Omit<FieldProps, 'label'> & { 'data-autofocus'?: boolean };

/** A person's e-mail address: shown left to right in both languages, and never filled in by the browser. */
export function ConflictEmailField({ field, testId, ...props }: EmailFieldProps) {
  return (
    <TextInput
      type="email"
      {...props}
      leftSection={<Mail size={16} />}
      classNames={LTR_VALUE_CLASS_NAMES}
      autoComplete="off"
      data-testid={testId}
      {...field}
    />
  );
}

/**
 * The type of a declared conflict, in the interface language. Authorship is the server's to find, so it is neither
 * offered nor taken; a choice cannot be cleared.
 */
export function ConflictTypeField({
  label,
  field,
  testId,
  onChange,
}: FieldProps & { onChange: (type: DeclarableConflictType) => void }) {
  const { typeLabel } = useConflictText();
  return (
    <Select
      label={label}
      data={DECLARABLE_CONFLICT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
      allowDeselect={false}
      data-testid={testId}
      {...field}
      onChange={(value) => {
        if (isConflictType(value) && value !== 'author') onChange(value);
      }}
    />
  );
}

/** The free-text reason of a conflict, up to the server's maximum length, which its hint states. */
export function ConflictReasonField({ label, field, testId }: FieldProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={label}
      description={t('conflicts.add.reasonHint', { max: CONFLICT_NOTE_MAX_LENGTH })}
      autosize
      minRows={2}
      maxRows={6}
      maxLength={CONFLICT_NOTE_MAX_LENGTH}
      classNames={USER_INPUT_CLASS_NAMES}
      data-testid={testId}
      {...field}
    />
  );
}

/** Why the last call failed, when no field of the form could show it; nothing otherwise. */
export function FormFailure({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}

type FormActionsProps = {
  cancelLabel: string;
  onCancel: () => void;
  /** Whether cancelling waits for the call (a call that changes something). */
  cancelDisabled?: boolean;
  submitLabel: string;
  submitIcon: ReactNode;
  submitting: boolean;
  submitTestId: string;
};

/** The buttons at the foot of a conflict form: cancel (or close), then the submit button, at the end of the line. */
export function FormActions({
  cancelLabel,
  onCancel,
  cancelDisabled,
  submitLabel,
  submitIcon,
  submitting,
  submitTestId,
}: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={submitting} leftSection={submitIcon} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}

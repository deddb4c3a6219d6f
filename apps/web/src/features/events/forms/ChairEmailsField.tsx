import { ActionIcon, Button, Group, Loader, Stack, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CircleCheck, CircleX, Mail, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEventText } from '../use-event-text.ts';
import { type ChairCheck, type ChairRow, type EventFormValues, newChairRow } from './event-form.ts';

type ChairEmailsFieldProps = {
  form: UseFormReturnType<EventFormValues>;
  checks: Record<string, ChairCheck>;
  /** Checks one row's address (on blur). */
  onCheck: (row: ChairRow) => void;
};

/** What a finished check says under the field, for the address it was run on. */
function useCheckText() {
  const { t } = useTranslation();
  const { message } = useEventText();
  return (check: ChairCheck | undefined, email: string): string | undefined => {
    if (!check || check.state === 'idle' || check.state === 'checking' || check.email !== email) return undefined;
    if (check.state === 'notFound') return t('events.create.chairs.notFound');
    if (check.state === 'malformed') return message('events.emailInvalid');
    if (check.state === 'failed') return check.message ?? t('events.create.chairs.checkFailed');
    return undefined;
  };
}

/**
 * Chair e-mails: rows that can be added and removed, at least one staying. Each address is checked on blur against the
 * registered users: a tick when found, 'no user found' when not, the server's message or 'failed to validate' when the
 * check fails.
 */
export function ChairEmailsField({ form, checks, onCheck }: ChairEmailsFieldProps) {
  const { t } = useTranslation();
  const checkText = useCheckText();
  const rows = form.getValues().chairEmails;

  return (
    <Stack gap="sm" data-testid="chair-emails">
      {rows.map((row, index) => {
        const path = `chairEmails.${index}.email` as const;
        const email = row.email.trim();
        const check = checks[row.key];
        const current = check && check.state !== 'idle' && check.email === email ? check : undefined;
        const inputProps = form.getInputProps(path);
        const error = (form.errors[path] as string | undefined) ?? checkText(current, email);
        const status =
          current?.state === 'checking' ? (
            <Loader size={16} aria-label={t('events.create.chairs.checking')} />
          ) : current?.state === 'found' ? (
            <CircleCheck size={18} color="var(--mantine-color-teal-6)" aria-label={t('events.create.chairs.found')} />
          ) : current ? (
            <CircleX size={18} color="var(--mantine-color-red-6)" aria-hidden="true" />
          ) : null;
        return (
          <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap" data-testid="chair-email-row">
            <TextInput
              {...inputProps}
              style={{ flex: 1 }}
              type="email"
              autoComplete="off"
              label={index === 0 ? t('events.create.fields.chairEmail') : undefined}
              aria-label={t('events.create.chairs.rowLabel', { number: index + 1 })}
              placeholder={t('events.create.fields.chairEmailPlaceholder')}
              leftSection={<Mail size={16} />}
              rightSection={status}
              error={error}
              description={current?.state === 'found' ? t('events.create.chairs.found') : undefined}
              onBlur={(event) => {
                inputProps.onBlur?.(event);
                onCheck({ key: row.key, email: event.currentTarget.value });
              }}
            />
            <Tooltip label={t('events.create.chairs.remove')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={index === 0 ? 25 : 0}
                onClick={() => form.removeListItem('chairEmails', index)}
                disabled={rows.length <= 1}
                aria-label={t('events.create.chairs.remove')}
              >
                <Trash2 size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      <Button
        variant="subtle"
        leftSection={<Plus size={16} />}
        onClick={() => form.insertListItem('chairEmails', newChairRow())}
        w="fit-content"
      >
        {t('events.create.chairs.add')}
      </Button>
    </Stack>
  );
}

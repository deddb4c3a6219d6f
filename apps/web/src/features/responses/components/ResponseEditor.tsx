import type { AuthorResponseDto, ResponseStatus } from '@confero/contracts';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { errorMessageOr, fieldMessages, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useSaveResponseMutation } from '../api.ts';
import { wordCountOf } from '../response-display.ts';

/**
 * The authors' editor of their response: the text (in its own direction), the live word count against the
 * event's limit in the interface language's digits ("120 / 500 words"), and Save draft / Submit — a submitted
 * response changes only by submitting it again. It sends the version its text was written from (the one it read, then
 * the one each of its saves answered); a refusal of the text shows under it, a stale version asks to reload.
 */
export function ResponseEditor({ data }: { data: AuthorResponseDto }) {
  const { t, i18n } = useTranslation();
  const { text: messageText } = useMessageText();
  const save = useSaveResponseMutation(data.submission.public_id);
  const [body, setBody] = useState(data.response?.body ?? '');
  // The version the text was written from: the one read when the editor opened, then the one each save answered.
  // Never the version of a later read, so a co-author's save in between is refused (409), not overwritten.
  const [baseVersion, setBaseVersion] = useState(data.response?.version);
  const [problem, setProblem] = useState<string | null>(null);
  const limit = data.phase.word_limit;
  const { count, over } = wordCountOf(body, limit);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const submitted = data.response?.status === 'submitted';

  const send = (status: ResponseStatus) => {
    setProblem(null);
    save.mutate(
      { body, status, ...(baseVersion === undefined ? {} : { version: baseVersion }) },
      {
        onSuccess: (answer) => {
          setBaseVersion(answer.response?.version);
          notify('success', t(status === 'submitted' ? 'responses.editor.submitted' : 'responses.editor.saved'));
        },
        onError: (error) => {
          const [field] = fieldMessages(error).filter((line) => line.field === 'body');
          if (field) setProblem(messageText(field.message));
          const stale = isApiError(error) && error.code === 'STALE_RESPONSE';
          notify(
            'error',
            stale ? t('responses.editor.stale') : messageText(errorMessageOr(error, 'responses.editor.failed')),
          );
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="response-editor">
      <Textarea
        label={t('responses.editor.label')}
        description={t('responses.editor.hint')}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        classNames={USER_INPUT_CLASS_NAMES}
        autosize
        minRows={8}
        maxRows={24}
        error={problem}
        data-testid="response-body"
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c={over ? 'red' : 'dimmed'} aria-live="polite" data-testid="response-word-count">
          {t('responses.editor.wordCount', { count: number.format(count), limit: number.format(limit) })}
        </Text>
        <Group gap="sm">
          {submitted ? null : (
            <Button
              variant="default"
              onClick={() => send('draft')}
              loading={save.isPending}
              data-testid="response-save"
            >
              {t('responses.editor.saveDraft')}
            </Button>
          )}
          <Button
            onClick={() => send('submitted')}
            loading={save.isPending}
            disabled={over || count === 0}
            data-testid="response-submit"
          >
            {t(submitted ? 'responses.editor.resubmit' : 'responses.editor.submit')}
          </Button>
        </Group>
      </Group>
      {over ? (
        <Text size="sm" c="red" data-testid="response-over-limit">
          {t('responses.editor.overLimit', { limit: number.format(limit) })}
        </Text>
      ) : null}
    </Stack>
  );
}

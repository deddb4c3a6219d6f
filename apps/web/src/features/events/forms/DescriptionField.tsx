import { EVENT_DESCRIPTION_MAX_LENGTH } from '@confero/contracts';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Check, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES, UserText } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useRewriteDescriptionMutation } from '../api.ts';
import { useEventText } from '../use-event-text.ts';
import type { EventFormValues } from './event-form.ts';

/**
 * The description with 'Rewrite with AI': an empty description gives 'Please enter a description before rewriting';
 * otherwise `POST ai/rewrite-description/` and the answer is shown for the user to use or discard. A failure shows the
 * server's error or a default message.
 */
export function DescriptionField({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const { t } = useTranslation();
  const { message, errorText } = useEventText();
  const rewrite = useRewriteDescriptionMutation();
  const [suggestion, setSuggestion] = useState<{ text: string; provider: string } | null>(null);

  const handleRewrite = () => {
    const description = form.getValues().description.trim();
    if (!description) {
      const text = message('ai.descriptionRequired');
      form.setFieldError('description', text);
      notify('warning', text);
      return;
    }
    rewrite.mutate(description, {
      onSuccess: (answer) => setSuggestion({ text: answer.rewritten_description, provider: answer.provider }),
      onError: (error) => notify('error', errorText(error) ?? t('events.create.rewrite.failed')),
    });
  };

  const handleAccept = () => {
    if (!suggestion) return;
    form.setFieldValue('description', suggestion.text);
    setSuggestion(null);
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={t('events.create.fields.description')}
        placeholder={t('events.create.fields.descriptionPlaceholder')}
        withAsterisk
        autosize
        minRows={5}
        maxRows={16}
        maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
        classNames={USER_INPUT_CLASS_NAMES}
        {...form.getInputProps('description')}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          size="xs"
          leftSection={<Sparkles size={14} />}
          onClick={handleRewrite}
          loading={rewrite.isPending}
          data-testid="rewrite-description"
        >
          {t('events.create.rewrite.button')}
        </Button>
      </Group>
      {suggestion ? (
        <Paper withBorder radius="md" p="md" bg="brand.0" data-testid="rewrite-suggestion">
          <Stack gap="sm">
            <Group gap={6}>
              <Sparkles size={16} color="var(--mantine-color-brand-6)" aria-hidden="true" />
              <Text fw={600} size="sm">
                {t('events.create.rewrite.suggestion')}
              </Text>
            </Group>
            <UserText size="sm" multiline>
              {suggestion.text}
            </UserText>
            <Text size="xs" c="dimmed">
              {t('events.create.rewrite.provider', {
                provider: t(`events.create.rewrite.providers.${suggestion.provider === 'openai' ? 'openai' : 'local'}`),
              })}
            </Text>
            <Group gap="sm" justify="flex-end">
              <Button variant="default" size="xs" leftSection={<X size={14} />} onClick={() => setSuggestion(null)}>
                {t('events.create.rewrite.discard')}
              </Button>
              <Button size="xs" leftSection={<Check size={14} />} onClick={handleAccept}>
                {t('events.create.rewrite.accept')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

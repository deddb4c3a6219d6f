import { DISCUSSION_BODY_MAX_LENGTH, DISCUSSION_MAX_MENTIONS, type MentionableDto } from '@confero/contracts';
import { Button, CloseButton, Group, Pill, Select, Stack, Textarea } from '@mantine/core';
import { AtSign, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_CHOICE_CLASS_NAMES, USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { errorMessageOr, fieldMessages, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { usePostCommentMutation } from '../api.ts';
import { insertMention } from '../discussion-display.ts';
import { useDiscussionText } from '../use-discussion-text.ts';

/**
 * The composer of a thread: the comment's text and a mention picker over the members the reader may mention
 * (`mentionable`); a chosen member is written into the text as `@Name` (a reviewer as `@Reviewer N`, whoever
 * writes: the other reviewers read the text) and their id sent in `mentions`. The server's refusal of a field is shown
 * under the text.
 */
export function DiscussionComposer({
  submissionId,
  mentionable,
}: {
  submissionId: string;
  mentionable: MentionableDto[];
}) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const post = usePostCommentMutation(submissionId);
  const people = useDiscussionText();
  const options = mentionable.map(people.option);
  const available = options.filter((option) => !mentions.includes(option.value));

  const handleMention = (value: string | null) => {
    const option = options.find((candidate) => candidate.value === value);
    if (!option || mentions.length >= DISCUSSION_MAX_MENTIONS) return;
    setMentions((current) => [...current, option.value]);
    setBody((current) => insertMention(current, option.insert));
  };
  const handleSubmit = () => {
    setFieldError(null);
    post.mutate(
      { body, mentions },
      {
        onSuccess: () => {
          setBody('');
          setMentions([]);
          notify('success', t('discussion.posted'));
        },
        onError: (error) => {
          const field = fieldMessages(error)[0];
          if (field) setFieldError(text(field.message));
          else notify('error', text(errorMessageOr(error, 'discussion.actionFailed')));
        },
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="discussion-composer">
      <Textarea
        label={t('discussion.composer.label')}
        placeholder={t('discussion.composer.placeholder')}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={DISCUSSION_BODY_MAX_LENGTH}
        dir="auto"
        classNames={USER_INPUT_CLASS_NAMES}
        error={fieldError}
        data-testid="composer-body"
      />
      {mentions.length > 0 ? (
        <Group gap={4} wrap="wrap" data-testid="composer-mentions">
          {mentions.map((id) => {
            const option = options.find((candidate) => candidate.value === id);
            const label = option?.name ?? id;
            return (
              <Pill key={id} withRemoveButton={false}>
                <Group gap={2} wrap="nowrap">
                  <bdi>@{label}</bdi>
                  <CloseButton
                    size="xs"
                    aria-label={t('discussion.composer.removeMention', { name: label })}
                    onClick={() => setMentions((current) => current.filter((other) => other !== id))}
                  />
                </Group>
              </Pill>
            );
          })}
        </Group>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('discussion.composer.mention')}
          placeholder={t('discussion.composer.mentionPlaceholder')}
          data={available.map(({ value, label }) => ({ value, label }))}
          value={null}
          onChange={handleMention}
          searchable
          leftSection={<AtSign size={14} aria-hidden="true" />}
          disabled={available.length === 0}
          classNames={USER_CHOICE_CLASS_NAMES}
          w={260}
          data-testid="composer-mention"
        />
        <Button
          leftSection={<Send size={14} />}
          onClick={handleSubmit}
          loading={post.isPending}
          disabled={body.trim() === ''}
          data-testid="composer-post"
        >
          {t('discussion.composer.post')}
        </Button>
      </Group>
    </Stack>
  );
}

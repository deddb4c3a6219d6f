import { DISCUSSION_BODY_MAX_LENGTH, type DiscussionCommentDto } from '@confero/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_DIR, USER_INPUT_CLASS_NAMES, UserInline, UserText } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { useDeleteCommentMutation, useEditCommentMutation } from '../api.ts';
import { formatCommentTime } from '../discussion-display.ts';
import { useDiscussionText } from '../use-discussion-text.ts';

/**
 * One comment of a thread: who wrote it (as the reader may know them), when, whether it was edited, the members it
 * mentions, and — as its `abilities` allow — editing (its writer, within 15 minutes) and deletion after a confirm.
 */
export function DiscussionComment({ comment }: { comment: DiscussionCommentDto }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditCommentMutation();
  const remove = useDeleteCommentMutation();
  const people = useDiscussionText();
  const name = people.name(comment.author);
  const role = people.role(comment.author);

  const handleSave = () =>
    edit.mutate(
      { id: comment.id, body: draft },
      {
        onSuccess: () => {
          setEditing(false);
          notify('success', t('discussion.saved'));
        },
        onError: (error) => notify('error', text(errorMessageOr(error, 'discussion.actionFailed'))),
      },
    );
  const handleDelete = () =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        setConfirming(false);
        notify('success', t('discussion.deleted'));
      },
      onError: (error) => {
        setConfirming(false);
        notify('error', text(errorMessageOr(error, 'discussion.actionFailed')));
      },
    });

  return (
    <Paper withBorder radius="md" p="sm" component="article" data-testid="discussion-comment" data-id={comment.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" data-testid="comment-author">
              <UserInline>{name}</UserInline>
            </Text>
            {role && role !== name ? (
              <Badge size="sm" variant="light" data-testid="comment-role">
                {role}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              <time dateTime={comment.created_at}>{formatCommentTime(comment.created_at, i18n.language)}</time>
            </Text>
            {comment.edited_at ? (
              <Text size="xs" c="dimmed" fs="italic" data-testid="comment-edited">
                {t('discussion.edited')}
              </Text>
            ) : null}
          </Group>
          {!editing && (comment.abilities.edit || comment.abilities.delete) ? (
            <Group gap={4}>
              {comment.abilities.edit ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<Pencil size={12} />}
                  onClick={() => {
                    setDraft(comment.body);
                    setEditing(true);
                  }}
                  data-testid="comment-edit"
                >
                  {t('discussion.edit')}
                </Button>
              ) : null}
              {comment.abilities.delete ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  leftSection={<Trash2 size={12} />}
                  onClick={() => setConfirming(true)}
                  data-testid="comment-delete"
                >
                  {t('discussion.delete')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {editing ? (
          <Stack gap="xs">
            <Textarea
              label={t('discussion.editLabel')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={DISCUSSION_BODY_MAX_LENGTH}
              dir="auto"
              classNames={USER_INPUT_CLASS_NAMES}
              data-testid="comment-edit-body"
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={edit.isPending}>
                {t('discussion.cancel')}
              </Button>
              <Button
                size="xs"
                onClick={handleSave}
                loading={edit.isPending}
                disabled={draft.trim() === ''}
                data-testid="comment-save"
              >
                {t('discussion.save')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <UserText size="sm" multiline data-testid="comment-body">
            {comment.body}
          </UserText>
        )}
        {comment.mentions.length > 0 ? (
          <Group gap={4} wrap="wrap" data-testid="comment-mentions">
            <Text size="xs" c="dimmed">
              {t('discussion.mentioned')}
            </Text>
            {comment.mentions.map((mention, index) => (
              <Badge
                key={`${mention.public_id ?? mention.reviewer_ordinal ?? index}`}
                size="sm"
                variant="outline"
                {...USER_DIR}
              >
                @{people.name(mention)}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('discussion.deleteTitle')}
        message={t('discussion.deleteBody')}
        confirmLabel={t('discussion.delete')}
        cancelLabel={t('discussion.cancel')}
        onConfirm={handleDelete}
        onClose={() => setConfirming(false)}
        loading={remove.isPending}
        danger
      />
    </Paper>
  );
}

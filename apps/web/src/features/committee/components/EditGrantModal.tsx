import { EXPERTISE_TEXT_MAX_LENGTH, MAX_PAPERS_MAX, MAX_PAPERS_MIN, type UpdateReviewerBody } from '@confero/contracts';
import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate, USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useCommitteeText } from '../use-committee-text.ts';

type Values = { expertise: string; max_papers: number | string };

/** The member whose grant is edited: their user id (public), name, and current grant. */
export type GrantMember = { userId: string | null; name: string; expertise: string; max_papers: number };

/** The PATCH of a member's grant (`events/{id}/reviewers/{user_id}/`, `events/{id}/area-chairs/{user_id}/`). */
export type GrantMutation<Answer> = UseMutationResult<Answer, unknown, { userId: string; body: UpdateReviewerBody }>;

/**
 * A committee member's expertise and max_papers, changed (reviewers and area chairs, whose PATCH takes the same body):
 * the caller gives the call, the title, the notice of a saved answer and of a failure, and a hint under the maximum.
 * The API's field problems go to their fields; its refusals (a maximum below an area chair's papers) to the notice.
 */
export function EditGrantModal<Answer>({
  member,
  update,
  title,
  savedNotice,
  failedText,
  maxPapersHint,
  testId,
  onClose,
}: {
  member: GrantMember | null;
  update: GrantMutation<Answer>;
  title: string;
  savedNotice: (answer: Answer) => { tone: 'success' | 'warning'; text: string };
  failedText: string;
  maxPapersHint?: string;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useCommitteeText();
  const form = useForm<Values>({
    initialValues: { expertise: '', max_papers: MAX_PAPERS_MIN },
    validate: {
      max_papers: (value) =>
        Number.isInteger(Number(value)) && Number(value) >= MAX_PAPERS_MIN && Number(value) <= MAX_PAPERS_MAX
          ? null
          : t('committee.reviewers.maxPapersRange', { min: MAX_PAPERS_MIN, max: MAX_PAPERS_MAX }),
    },
  });
  const { setValues, resetDirty } = form;

  // The form is filled when a member is opened (by value: callers build the member on each render).
  const opened = member !== null;
  const expertise = member?.expertise ?? '';
  const maxPapers = member?.max_papers ?? MAX_PAPERS_MIN;
  useEffect(() => {
    if (!opened) return;
    setValues({ expertise, max_papers: maxPapers });
    resetDirty({ expertise, max_papers: maxPapers });
  }, [opened, expertise, maxPapers, setValues, resetDirty]);

  const handleSubmit = form.onSubmit((values) => {
    if (!member?.userId) return;
    update.mutate(
      { userId: member.userId, body: { expertise: values.expertise, max_papers: Number(values.max_papers) } },
      {
        onSuccess: (answer) => {
          const { tone, text } = savedNotice(answer);
          notify(tone, text);
          onClose();
        },
        onError: (error) => {
          for (const field of ['expertise', 'max_papers'] as const) {
            const text = fieldError(error, field);
            if (text) form.setFieldError(field, text);
          }
          notify('error', errorText(error, failedText));
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={update.isPending ? () => undefined : onClose}
      title={`${title}: ${isolate(member?.name ?? '')}`}
      centered
      radius="lg"
    >
      <form onSubmit={handleSubmit} noValidate data-testid={testId}>
        <Stack gap="md">
          <Textarea
            label={t('committee.reviewers.expertise')}
            autosize
            minRows={2}
            maxLength={EXPERTISE_TEXT_MAX_LENGTH}
            classNames={USER_INPUT_CLASS_NAMES}
            {...form.getInputProps('expertise')}
          />
          <NumberInput
            label={t('committee.reviewers.maxPapers')}
            description={maxPapersHint}
            min={MAX_PAPERS_MIN}
            max={MAX_PAPERS_MAX}
            allowDecimal={false}
            {...form.getInputProps('max_papers')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('committee.reviewers.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('committee.reviewers.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import {
  type CommitteeReviewerDto,
  EXPERTISE_TEXT_MAX_LENGTH,
  MAX_PAPERS_MAX,
  MAX_PAPERS_MIN,
} from '@confero/contracts';
import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate, USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useUpdateReviewerMutation } from '../api.ts';
import { useCommitteeText } from '../use-committee-text.ts';

type Values = { expertise: string; max_papers: number | string };

/** A reviewer's expertise and max_papers, changed; a limit below their load is allowed and said in the notice. */
export function EditReviewerModal({
  eventId,
  reviewer,
  onClose,
}: {
  eventId: string;
  reviewer: CommitteeReviewerDto | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { errorText, fieldError } = useCommitteeText();
  const update = useUpdateReviewerMutation(eventId);
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

  useEffect(() => {
    if (!reviewer) return;
    setValues({ expertise: reviewer.expertise, max_papers: reviewer.max_papers });
    resetDirty({ expertise: reviewer.expertise, max_papers: reviewer.max_papers });
  }, [reviewer, setValues, resetDirty]);

  const handleSubmit = form.onSubmit((values) => {
    if (!reviewer?.public_id) return;
    update.mutate(
      { userId: reviewer.public_id, body: { expertise: values.expertise, max_papers: Number(values.max_papers) } },
      {
        onSuccess: (answer) => {
          notify(
            answer.over_limit > 0 ? 'warning' : 'success',
            answer.over_limit > 0
              ? t('committee.reviewers.savedOverLimit', {
                  count: answer.over_limit,
                  formatted: new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language).format(answer.over_limit),
                })
              : t('committee.reviewers.saved'),
          );
          onClose();
        },
        onError: (error) => {
          for (const field of ['expertise', 'max_papers'] as const) {
            const text = fieldError(error, field);
            if (text) form.setFieldError(field, text);
          }
          notify('error', errorText(error, t('committee.reviewers.saveFailed')));
        },
      },
    );
  });

  return (
    <Modal
      opened={reviewer !== null}
      onClose={update.isPending ? () => undefined : onClose}
      title={`${t('committee.reviewers.editTitle')}: ${isolate(reviewer?.display_name ?? '')}`}
      centered
      radius="lg"
    >
      <form onSubmit={handleSubmit} noValidate data-testid="edit-reviewer-form">
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

import type { ReviewAnswer, ReviewQuestionDto } from '@confero/contracts';
import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_DIR } from '../../../components/data/UserText.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { reviewFormQuery } from '../../review-forms/api.ts';
import { choiceText, scoreText } from '../../reviews/review-display.ts';
import { reviewHistoryQuery } from '../api.ts';
import { type Language, languageOf } from '../response-display.ts';

/**
 * An answer of the history as a line of text: a score with its value's name ("-1 — Weak Reject") and a choice as its
 * option's label, as the question of the revision's form names them (the bare value while that form is not read);
 * a list's entries joined; nothing as a dash.
 */
function shown(answer: ReviewAnswer | undefined, question: ReviewQuestionDto | undefined, language: Language) {
  if (answer === null || answer === undefined || (Array.isArray(answer) && answer.length === 0)) return '—';
  if (Array.isArray(answer)) return answer.join(' · ');
  if (question?.kind === 'score' && typeof answer === 'number') return scoreText(question, answer, language) ?? '—';
  if (question?.kind === 'choice') return choiceText(question, String(answer), language) ?? '—';
  return String(answer);
}

/**
 * What a reviewer changed in their review after the authors' response (`GET reviews/{id}/history/`): each changed
 * question of each revision made after it, before → after, as the reader may read them (the API leaves out the rest),
 * the values named by the questions of the revision's form version (`GET events/{id}/review-form/?version=N`).
 */
export function ReviewChanges({ reviewId, eventId }: { reviewId: string; eventId: string }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = languageOf(i18n.language);
  const query = useQuery(reviewHistoryQuery(reviewId));
  const versions = [
    ...new Set(
      (query.data?.revisions ?? [])
        .filter((revision) => revision.after_response)
        .map((revision) => revision.form_version),
    ),
  ];
  const forms = useQueries({ queries: versions.map((version) => reviewFormQuery(eventId, version)) });
  const questionOf = (version: number, key: string) =>
    forms[versions.indexOf(version)]?.data?.questions.find((question) => question.key === key);
  if (query.isPending) return <Skeleton height={40} aria-busy="true" />;
  if (query.isError) {
    return (
      <Text size="sm" c="red" data-testid="review-changes-failure">
        {text(errorMessageOr(query.error, 'responses.committee.historyFailed'))}
      </Text>
    );
  }
  const changes = query.data.revisions
    .filter((revision) => revision.after_response)
    .flatMap((revision) =>
      revision.changes.map((change) => ({
        ...change,
        version: revision.version,
        question: questionOf(revision.form_version, change.key),
      })),
    );
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="review-changes-none">
        {t('responses.committee.noVisibleChanges')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Table withTableBorder verticalSpacing={4} fz="sm" data-testid={`review-changes-${reviewId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('responses.committee.question')}</Table.Th>
            <Table.Th>{t('responses.committee.before')}</Table.Th>
            <Table.Th>{t('responses.committee.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={`${change.version}-${change.key}`}>
              <Table.Td>{(language === 'ar' ? change.label.ar : '') || change.label.en}</Table.Td>
              <Table.Td {...USER_DIR}>{shown(change.before, change.question, language)}</Table.Td>
              <Table.Td {...USER_DIR}>{shown(change.after, change.question, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

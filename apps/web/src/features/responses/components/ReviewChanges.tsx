import type { ReviewAnswer } from '@confero/contracts';
import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_DIR } from '../../../components/data/UserText.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { reviewHistoryQuery } from '../api.ts';
import { languageOf } from '../response-display.ts';

/** An answer of the history as a line of text (a list's entries joined; nothing as a dash). */
const shown = (answer: ReviewAnswer | undefined) =>
  answer === null || answer === undefined || (Array.isArray(answer) && answer.length === 0)
    ? '—'
    : Array.isArray(answer)
      ? answer.join(' · ')
      : String(answer);

/**
 * What a reviewer changed in their review after the authors' response (`GET reviews/{id}/history/`): each changed
 * question of each revision made after it, before → after, as the reader may read them (the API leaves out the rest).
 */
export function ReviewChanges({ reviewId }: { reviewId: string }) {
  const { t, i18n } = useTranslation();
  const { text } = useMessageText();
  const language = languageOf(i18n.language);
  const query = useQuery(reviewHistoryQuery(reviewId));
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
    .flatMap((revision) => revision.changes.map((change) => ({ ...change, version: revision.version })));
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
              <Table.Td {...USER_DIR}>{shown(change.before)}</Table.Td>
              <Table.Td {...USER_DIR}>{shown(change.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

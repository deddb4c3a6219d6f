import type { ReleasedReviewDto } from '@confero/contracts';
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { answerText, isAnswered, languageOf, releasedQuestionLabel } from '../response-display.ts';

/**
 * A review as the authors read it for their response: "Reviewer N" (never a name), each question the form opens to
 * authors with its label in the interface language, and the comments to the authors. The reviewers' texts keep their
 * own direction (`UserText`). Comments to the authors that repeat the justification word for word are not shown twice.
 */
export function ReleasedReviewCard({ review }: { review: ReleasedReviewDto }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const answered = review.questions.filter((question) => isAnswered(review.answers[question.key]));
  // The review screen sends the justification as the comments to the authors too: the same text is shown once.
  const comments = review.comments_to_author.trim();
  const justification = review.answers.justification;
  const showComments = comments !== '' && !(typeof justification === 'string' && justification.trim() === comments);
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid={`released-review-${review.ordinal}`}>
      <Title order={3} fz="sm" mb="sm">
        {t('responses.reviews.reviewer', { n: review.ordinal })}
      </Title>
      <Stack gap="sm">
        {answered.map((question) => {
          const answer = review.answers[question.key];
          return (
            <Stack gap={2} key={question.key} data-testid={`released-answer-${question.key}`}>
              <Text size="xs" c="dimmed" fw={600}>
                {releasedQuestionLabel(question, language)}
              </Text>
              {Array.isArray(answer) ? (
                <List size="sm" spacing={2}>
                  {answer.map((entry, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a review's entries have no id, and their order is fixed.
                    <List.Item key={index}>
                      <span {...USER_DIR}>{entry}</span>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <UserText size="sm" multiline>
                  {answerText(question, answer, language)}
                </UserText>
              )}
            </Stack>
          );
        })}
        {showComments ? (
          <Stack gap={2} data-testid="released-comments">
            <Text size="xs" c="dimmed" fw={600}>
              {t('responses.reviews.comments')}
            </Text>
            <UserText size="sm" multiline>
              {review.comments_to_author}
            </UserText>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

import {
  ASSISTANT_FINDING_KINDS,
  type AssistantFindingDto,
  type AssistantFindingKind,
  type ReviewAssistantDto,
} from '@confero/contracts';
import { Alert, Anchor, Badge, Blockquote, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Info, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/data/UserText.tsx';

type KeyedFinding = AssistantFindingDto & { key: string };

/** The findings of each kind, in the order the answer gave them, each with a key unique in the answer. */
function findingsByKind(
  findings: readonly AssistantFindingDto[],
): { kind: AssistantFindingKind; findings: KeyedFinding[] }[] {
  const seen = new Map<string, number>();
  const keyed = findings.map((finding) => {
    const base = `${finding.kind}:${finding.question_key}:${finding.sentence}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { ...finding, key: `${base}:${count}` };
  });
  return ASSISTANT_FINDING_KINDS.flatMap((kind) => {
    const ofKind = keyed.filter((finding) => finding.kind === kind);
    return ofKind.length > 0 ? [{ kind, findings: ofKind }] : [];
  });
}

type ReviewAssistantPanelProps = {
  result: ReviewAssistantDto;
  /** Moves the focus to a question's input of the editor. */
  onGoTo: (questionKey: string) => void;
};

/**
 * The review assistant's answer beside the editor (`docs/domain.md#review-assistant`): the note that it only
 * suggests, the findings grouped by kind, each with the sentence it concerns (as the reviewer wrote it, so in its own
 * direction), the why in the interface language, and a link to the question.
 */
export function ReviewAssistantPanel({ result, onGoTo }: ReviewAssistantPanelProps) {
  const { t } = useTranslation();
  const groups = findingsByKind(result.findings);
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="aside"
      aria-labelledby="review-assistant-title"
      data-testid="review-assistant"
    >
      <Stack gap="md">
        <Group gap="xs">
          <Sparkles size={18} aria-hidden />
          <Title order={3} id="review-assistant-title">
            {t('reviews.assistant.title')}
          </Title>
        </Group>
        <Alert color="blue" icon={<Info size={18} />} radius="md" data-testid="review-assistant-note">
          {t('reviews.assistant.note')}
        </Alert>
        {result.notice ? (
          <Text size="sm" c="dimmed" data-testid="review-assistant-notice">
            {result.notice.message}
          </Text>
        ) : null}
        {groups.length === 0 ? (
          <Text size="sm" data-testid="review-assistant-none">
            {t('reviews.assistant.none')}
          </Text>
        ) : (
          groups.map((group) => (
            <Stack key={group.kind} gap="xs" component="section" data-testid={`assistant-kind-${group.kind}`}>
              <Group gap="xs">
                <Title order={4}>{t(`reviews.assistant.kinds.${group.kind}`)}</Title>
                <Badge variant="light" size="sm">
                  {group.findings.length}
                </Badge>
              </Group>
              <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {group.findings.map((finding) => (
                  <li key={finding.key} data-testid="assistant-finding">
                    <Stack gap={4}>
                      {finding.sentence ? (
                        <Blockquote p="xs" color={finding.severity === 'warning' ? 'orange' : 'gray'}>
                          <UserText size="sm" multiline data-testid="assistant-sentence">
                            {finding.sentence}
                          </UserText>
                        </Blockquote>
                      ) : null}
                      <Text size="sm">{finding.message}</Text>
                      {finding.question_key ? (
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          w="fit-content"
                          onClick={() => onGoTo(finding.question_key ?? '')}
                          data-testid="assistant-go-to"
                        >
                          {t('reviews.assistant.goTo')}
                        </Anchor>
                      ) : null}
                    </Stack>
                  </li>
                ))}
              </Stack>
            </Stack>
          ))
        )}
        <Text size="xs" c="dimmed" data-testid="review-assistant-provider">
          {t('reviews.assistant.provider', { provider: t(`reviews.assistant.providers.${result.provider}`) })}
        </Text>
      </Stack>
    </Paper>
  );
}

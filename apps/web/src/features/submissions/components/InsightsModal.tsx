import { type AiAnalysis, type InsightTopic, RESEARCH_AREAS } from '@confero/contracts';
import { Badge, Divider, Group, Modal, Paper, Rating, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Compass, Lightbulb, ShieldQuestion, Tags, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/data/UserText.tsx';
import { formatScore, formatSubmissionDate, relevanceStars } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';

const HIGHLIGHTS = ['problem_statement', 'gap_analysis', 'contribution', 'methodology', 'main_finding'] as const;

/** A research area or subcategory key of the catalogue in a language (the key itself when unknown). */
export function researchLabel(key: string, language: 'en' | 'ar'): string {
  for (const area of RESEARCH_AREAS) {
    if (area.key === key) return language === 'ar' ? area.name_ar : area.name_en;
    const sub = area.subcategories.find((subcategory) => subcategory.key === key);
    if (sub) return language === 'ar' ? sub.name_ar : sub.name_en;
  }
  return key;
}

/** A topic in the interface language, with its area. */
export function topicLabel(topic: InsightTopic, language: 'en' | 'ar'): string {
  return language === 'ar' ? topic.label_ar || topic.label : topic.label;
}

function Section({ icon: Icon, title, children }: { icon: typeof Lightbulb; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={30} radius="md" color="grape" aria-hidden="true">
          <Icon size={16} />
        </ThemeIcon>
        <Title order={3} fz="md">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

type InsightsModalProps = { opened: boolean; onClose: () => void; analysis: AiAnalysis };

/**
 * AI insights on a submission: the paper's highlights, its relevance to the event (a score out of 5.0 with rounded
 * stars and the justification), its topics, and the plagiarism check, which is not available.
 */
export function InsightsModal({ opened, onClose, analysis }: InsightsModalProps) {
  const { t } = useTranslation();
  const { language, message } = useSubmissionText();
  const relevance = analysis.relevance_to_event;
  const { main_topic: main, secondary_topics: secondary } = analysis.topics;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          {t('submissions.insights.title')}
        </Text>
      }
      size="xl"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="insights-modal"
    >
      <Stack gap="lg">
        <Text size="xs" c="dimmed">
          {t('submissions.insights.generated', {
            provider: t(`submissions.insights.providers.${analysis.provider}`),
            date: formatSubmissionDate(analysis.generated_at, language),
          })}
        </Text>

        <Section icon={Lightbulb} title={t('submissions.insights.highlights')}>
          <Stack gap="sm" data-testid="insights-highlights">
            {HIGHLIGHTS.map((key) => {
              const text = analysis.submission_highlights[key]?.trim();
              return (
                <Paper key={key} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                    {t(`submissions.insights.highlight.${key}`)}
                  </Text>
                  <UserText size="sm" multiline c={text ? undefined : 'dimmed'} fs={text ? undefined : 'italic'}>
                    {text || t('submissions.insights.notFound')}
                  </UserText>
                </Paper>
              );
            })}
          </Stack>
        </Section>

        <Divider />

        <Section icon={Target} title={t('submissions.insights.relevance')}>
          <Group gap="md" align="center" data-testid="insights-relevance">
            <Text fw={800} fz={28} lh={1} dir="ltr" data-testid="relevance-score">
              {t('submissions.insights.score', {
                score: formatScore(relevance.score, language),
                max: formatScore(5, language),
              })}
            </Text>
            {/* The stars are a picture of the score: named as one image (a div may not carry a name alone). */}
            <div role="img" aria-label={t('submissions.insights.stars', { count: relevanceStars(relevance.score) })}>
              <Rating
                value={relevanceStars(relevance.score)}
                readOnly
                count={5}
                data-testid="relevance-stars"
                data-stars={relevanceStars(relevance.score)}
              />
            </div>
          </Group>
          {relevance.justification ? (
            <UserText size="sm" multiline>
              {relevance.justification}
            </UserText>
          ) : null}
          {relevance.matched_areas.length > 0 ? (
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t('submissions.insights.matchedAreas')}
              </Text>
              {relevance.matched_areas.map((key) => (
                <Badge key={key} variant="light" color="teal" tt="none">
                  {researchLabel(key, language)}
                </Badge>
              ))}
            </Group>
          ) : null}
          {relevance.matched_terms.length > 0 ? (
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t('submissions.insights.matchedTerms')}
              </Text>
              {relevance.matched_terms.slice(0, 12).map((term) => (
                <Badge key={term} variant="default" tt="none" fw={500}>
                  {term}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Section>

        <Divider />

        <Section icon={Tags} title={t('submissions.insights.topics')}>
          {main ? (
            <Stack gap={6} data-testid="insights-topics">
              <Group gap={8}>
                <Text size="sm" c="dimmed">
                  {t('submissions.insights.mainTopic')}
                </Text>
                <Badge size="lg" variant="filled" color="grape" tt="none">
                  {topicLabel(main, language)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {language === 'ar' ? main.area_label_ar || main.area_label : main.area_label}
                </Text>
              </Group>
              {secondary.length > 0 ? (
                <Group gap={6}>
                  <Text size="sm" c="dimmed">
                    {t('submissions.insights.secondaryTopics')}
                  </Text>
                  {secondary.map((topic) => (
                    <Badge key={topic.key} variant="light" color="grape" tt="none">
                      {topicLabel(topic, language)}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('submissions.insights.noTopics')}
            </Text>
          )}
        </Section>

        <Divider />

        <Section icon={ShieldQuestion} title={t('submissions.insights.plagiarism')}>
          <Group gap="sm" data-testid="insights-plagiarism">
            <Compass size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {message('submissions.insights.plagiarismUnavailable')}
            </Text>
          </Group>
        </Section>
      </Stack>
    </Modal>
  );
}

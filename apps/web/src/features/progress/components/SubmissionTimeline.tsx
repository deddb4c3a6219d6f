import type { SubmissionTimelineDto } from '@confero/contracts';
import { Anchor, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Check, Circle, CircleDot, Minus, Route } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { useSubmissionText } from '../../submissions/use-submission-text.ts';
import { submissionTimelineQuery } from '../api.ts';

type Step = SubmissionTimelineDto['steps'][number];

const BULLETS = { done: Check, current: CircleDot, upcoming: Circle, skipped: Minus } as const;

/**
 * Where a submission stands, as a timeline: submitted, under review, reviews n of m, the decision and the final
 * version, each with its date (in the viewer's language and time zone) once reached.
 */
export function SubmissionTimeline({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const query = useQuery(submissionTimelineQuery(submissionId));
  return (
    <DetailCard title={t('progress.timeline.title')} icon={Route} data-testid="submission-timeline">
      <QueryView
        query={query}
        loading={<Text size="sm">{t('common.loading')}</Text>}
        failure={t('progress.timeline.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'progress.timeline.loadFailed'))}
      >
        {(timeline) => <TimelineSteps steps={timeline.steps} submissionId={submissionId} />}
      </QueryView>
    </DetailCard>
  );
}

export function TimelineSteps({ steps, submissionId }: { steps: Step[]; submissionId?: string }) {
  const { t, i18n } = useTranslation();
  const { decisionLabel } = useSubmissionText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(language);
  const reached = steps.reduce(
    (last, step, index) => (step.state === 'done' || step.state === 'current' ? index : last),
    0,
  );
  const detail = (step: Step) => {
    if (step.key === 'reviews' && step.assigned !== null && step.assigned !== undefined) {
      return t('progress.timeline.reviewsOf', {
        done: number.format(step.completed ?? 0),
        assigned: number.format(step.assigned),
      });
    }
    if (step.key === 'decision' && step.decision) return decisionLabel(step.decision);
    if (step.key === 'final_version' && step.state === 'current') return t('progress.timeline.finalNext');
    return t(`progress.timeline.states.${step.state}`);
  };
  return (
    <Timeline active={reached} bulletSize={22} lineWidth={2} data-testid="timeline-steps">
      {steps.map((step) => {
        const Bullet = BULLETS[step.state];
        return (
          <Timeline.Item
            key={step.key}
            title={t(`progress.timeline.steps.${step.key}`)}
            bullet={<Bullet size={12} aria-hidden="true" />}
            lineVariant={step.state === 'upcoming' || step.state === 'skipped' ? 'dashed' : 'solid'}
            data-testid={`timeline-${step.key}`}
            data-state={step.state}
          >
            <Text size="sm" c={step.state === 'skipped' ? 'dimmed' : undefined}>
              {detail(step)}
            </Text>
            {step.date ? (
              <Text size="xs" c="dimmed">
                <time dateTime={step.date}>{date.format(new Date(step.date))}</time>
              </Text>
            ) : null}
            {submissionId && step.key === 'final_version' && (step.state === 'current' || step.state === 'done') ? (
              <Anchor
                component={Link}
                to={`/submissions/${encodeURIComponent(submissionId)}/final-version`}
                size="sm"
                data-testid="timeline-final-version-link"
              >
                {t('progress.timeline.openFinalVersion')}
              </Anchor>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

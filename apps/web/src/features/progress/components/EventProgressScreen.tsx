import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../../events/api.ts';
import { eventProgressQuery } from '../api.ts';
import { ProgressCharts } from './ProgressCharts.tsx';
import { ProgressSummary } from './ProgressSummary.tsx';
import { ReviewerProgressSection } from './ReviewerProgressSection.tsx';

/**
 * /events/{id}/progress, for the event's organizers: the event at a glance (papers, reviews done and late, papers
 * short of reviewers, bids, days to each deadline), two charts with their tables, and the reviewers' progress with
 * reminders. A link leads to the chair's submissions table.
 */
export function EventProgressScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const event = useQuery(eventDetailQuery(eventId));
  const progress = useQuery(eventProgressQuery(eventId));
  const base = `/events/${encodeURIComponent(eventId)}`;
  const title = t('progress.title');
  return (
    <>
      <ScreenHeader
        title={title}
        description={event.data?.title}
        documentTitle={event.data ? `${event.data.title} – ${title}` : title}
        back={{ to: base, label: t('progress.backToEvent') }}
        actions={
          <Button
            component={Link}
            to={`${base}/submissions`}
            leftSection={<Table2 size={16} />}
            data-testid="progress-table-link"
          >
            {t('progress.openTable')}
          </Button>
        }
      />
      <QueryView
        query={progress}
        failure={t('progress.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'progress.loadFailed'))}
        failureTestId="progress-load-failed"
        back={{ to: base, label: t('progress.backToEvent') }}
      >
        {(data) => (
          <Stack gap="lg" data-testid="progress-dashboard">
            <ProgressSummary progress={data} />
            <ProgressCharts progress={data} />
            <ReviewerProgressSection eventId={eventId} lateReviews={data.reviews.late} />
          </Stack>
        )}
      </QueryView>
    </>
  );
}

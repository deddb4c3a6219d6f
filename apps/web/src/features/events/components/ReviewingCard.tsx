import type { EventAbilities } from '@confero/contracts';
import { Button, Text } from '@mantine/core';
import {
  ChartColumn,
  ClipboardCheck,
  ClipboardList,
  FileCheck2,
  Gavel,
  Hand,
  Network,
  ShieldAlert,
  Workflow,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';

type ReviewingCardProps = {
  eventRef: string;
  abilities: Pick<EventAbilities, 'bid' | 'manage_reviewing' | 'view_progress'>;
};

/**
 * The event's reviewing tools, by ability: its reviewers bid on submissions; its organizers follow the progress
 * (`view_progress`); its committee runs the automatic assignment (of reviewers, and of area chairs) and keeps the
 * conflicts of interest. Nothing shows
 * for anyone else.
 */
export function ReviewingCard({ eventRef, abilities }: ReviewingCardProps) {
  const { t } = useTranslation();
  if (!abilities.bid && !abilities.manage_reviewing && !abilities.view_progress) return null;
  const base = `/events/${encodeURIComponent(eventRef)}`;
  return (
    <DetailCard title={t('events.reviewing.title')} icon={Gavel} data-testid="reviewing-card">
      <Text size="sm" c="dimmed">
        {abilities.manage_reviewing ? t('events.reviewing.committeeText') : t('events.reviewing.reviewerText')}
      </Text>
      {abilities.bid ? (
        <Button component={Link} to={`${base}/bids`} variant="light" justify="start" leftSection={<Hand size={16} />}>
          {t('events.reviewing.bids')}
        </Button>
      ) : null}
      {abilities.view_progress ? (
        <Button
          component={Link}
          to={`${base}/progress`}
          variant="light"
          justify="start"
          leftSection={<ChartColumn size={16} />}
          data-testid="progress-link"
        >
          {t('events.reviewing.progress')}
        </Button>
      ) : null}
      {abilities.view_progress ? (
        <Button
          component={Link}
          to={`${base}/final-versions`}
          variant="light"
          justify="start"
          leftSection={<FileCheck2 size={16} />}
          data-testid="final-versions-link"
        >
          {t('events.reviewing.finalVersions')}
        </Button>
      ) : null}
      {abilities.manage_reviewing ? (
        <>
          <Button
            component={Link}
            to={`${base}/assignment`}
            variant="light"
            justify="start"
            leftSection={<Workflow size={16} />}
          >
            {t('events.reviewing.assignment')}
          </Button>
          <Button
            component={Link}
            to={`${base}/area-chair-assignment`}
            variant="light"
            justify="start"
            leftSection={<Network size={16} />}
            data-testid="area-chair-assignment-link"
          >
            {t('events.reviewing.areaChairAssignment')}
          </Button>
          <Button
            component={Link}
            to={`${base}/conflicts`}
            variant="light"
            justify="start"
            leftSection={<ShieldAlert size={16} />}
          >
            {t('events.reviewing.conflicts')}
          </Button>
          <Button
            component={Link}
            to={`${base}/review-form`}
            variant="light"
            justify="start"
            leftSection={<ClipboardList size={16} />}
            data-testid="review-form-link"
          >
            {t('reviewFormEditor.screen.link')}
          </Button>
          <Button
            component={Link}
            to={`${base}/meta-review-form`}
            variant="light"
            justify="start"
            leftSection={<ClipboardCheck size={16} />}
            data-testid="meta-review-form-link"
          >
            {t('metaReviews.formScreen.link')}
          </Button>
        </>
      ) : null}
    </DetailCard>
  );
}

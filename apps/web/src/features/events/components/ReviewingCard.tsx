import type { EventAbilities } from '@confero/contracts';
import { Button, Text } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import {
  ChartColumn,
  ClipboardCheck,
  ClipboardList,
  FileCheck2,
  Gavel,
  Hand,
  type LucideIcon,
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

type ReviewingLink = {
  ability: keyof ReviewingCardProps['abilities'];
  path: string;
  label: ParseKeys;
  icon: LucideIcon;
  testId?: string;
};

/** The card's links in their order, each shown to whoever holds its ability. */
const REVIEWING_LINKS: readonly ReviewingLink[] = [
  { ability: 'bid', path: 'bids', label: 'events.reviewing.bids', icon: Hand },
  {
    ability: 'view_progress',
    path: 'progress',
    label: 'events.reviewing.progress',
    icon: ChartColumn,
    testId: 'progress-link',
  },
  {
    ability: 'view_progress',
    path: 'final-versions',
    label: 'events.reviewing.finalVersions',
    icon: FileCheck2,
    testId: 'final-versions-link',
  },
  { ability: 'manage_reviewing', path: 'assignment', label: 'events.reviewing.assignment', icon: Workflow },
  {
    ability: 'manage_reviewing',
    path: 'area-chair-assignment',
    label: 'events.reviewing.areaChairAssignment',
    icon: Network,
    testId: 'area-chair-assignment-link',
  },
  { ability: 'manage_reviewing', path: 'conflicts', label: 'events.reviewing.conflicts', icon: ShieldAlert },
  {
    ability: 'manage_reviewing',
    path: 'review-form',
    label: 'reviewFormEditor.screen.link',
    icon: ClipboardList,
    testId: 'review-form-link',
  },
  {
    ability: 'manage_reviewing',
    path: 'meta-review-form',
    label: 'metaReviews.formScreen.link',
    icon: ClipboardCheck,
    testId: 'meta-review-form-link',
  },
];

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
      {REVIEWING_LINKS.filter((link) => abilities[link.ability]).map(({ path, label, icon: Icon, testId }) => (
        <Button
          key={path}
          component={Link}
          to={`${base}/${path}`}
          variant="light"
          justify="start"
          leftSection={<Icon size={16} />}
          data-testid={testId}
        >
          {t(label)}
        </Button>
      ))}
    </DetailCard>
  );
}

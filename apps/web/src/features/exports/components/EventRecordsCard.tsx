import type { EventAbilities } from '@confero/contracts';
import { Button, Text } from '@mantine/core';
import { Download, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';

type EventRecordsCardProps = { eventRef: string; abilities: Pick<EventAbilities, 'manage_reviewing'> };

/** The event page's links to its exports and its audit log, for its committee; nothing for anyone else. */
export function EventRecordsCard({ eventRef, abilities }: EventRecordsCardProps) {
  const { t } = useTranslation();
  if (!abilities.manage_reviewing) return null;
  const base = `/events/${encodeURIComponent(eventRef)}`;
  return (
    <DetailCard title={t('exports.card.title')} icon={Download} data-testid="records-card">
      <Text size="sm" c="dimmed">
        {t('exports.card.text')}
      </Text>
      <Button
        component={Link}
        to={`${base}/exports`}
        variant="light"
        justify="start"
        leftSection={<Download size={16} />}
      >
        {t('exports.card.exports')}
      </Button>
      <Button component={Link} to={`${base}/audit`} variant="light" justify="start" leftSection={<History size={16} />}>
        {t('exports.card.audit')}
      </Button>
    </DetailCard>
  );
}

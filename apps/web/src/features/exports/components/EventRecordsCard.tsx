import type { EventAbilities } from '@confero/contracts';
import { Button, Text } from '@mantine/core';
import { Download, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';

type EventRecordsCardProps = { eventRef: string; abilities: Pick<EventAbilities, 'export' | 'view_audit'> };

/** The event page's links to its exports and its audit log, each by its ability; nothing for anyone else. */
export function EventRecordsCard({ eventRef, abilities }: EventRecordsCardProps) {
  const { t } = useTranslation();
  if (!abilities.export && !abilities.view_audit) return null;
  const base = `/events/${encodeURIComponent(eventRef)}`;
  return (
    <DetailCard title={t('exports.card.title')} icon={Download} data-testid="records-card">
      <Text size="sm" c="dimmed">
        {t('exports.card.text')}
      </Text>
      {abilities.export ? (
        <Button
          component={Link}
          to={`${base}/exports`}
          variant="light"
          justify="start"
          leftSection={<Download size={16} />}
        >
          {t('exports.card.exports')}
        </Button>
      ) : null}
      {abilities.view_audit ? (
        <Button
          component={Link}
          to={`${base}/audit`}
          variant="light"
          justify="start"
          leftSection={<History size={16} />}
        >
          {t('exports.card.audit')}
        </Button>
      ) : null}
    </DetailCard>
  );
}

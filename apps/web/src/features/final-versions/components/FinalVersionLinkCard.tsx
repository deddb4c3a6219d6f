import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { finalVersionQuery } from '../api.ts';

/**
 * On an accepted paper's page, its authors' way to the final version screen: shown once the event turned the phase
 * on, with whether the final version was sent. Nothing otherwise (or on a refusal).
 */
export function FinalVersionLinkCard({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const query = useQuery(finalVersionQuery(submissionId));
  const data = query.data;
  if (!data?.phase.enabled || data.decision !== 'accept') return null;
  return (
    <DetailCard title={t('finalVersions.link.title')} icon={FileCheck2} data-testid="final-version-link-card">
      <Group gap="xs" mb="sm">
        <Badge variant="light" color={data.sent ? 'green' : 'orange'}>
          {t(data.sent ? 'finalVersions.link.sent' : 'finalVersions.link.missing')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t(data.abilities.submit ? 'finalVersions.link.open' : 'finalVersions.link.closed')}
      </Text>
      <Button
        component={Link}
        to={`/submissions/${encodeURIComponent(submissionId)}/final-version`}
        variant={data.abilities.submit ? 'filled' : 'light'}
        data-testid="final-version-link"
      >
        {t(data.abilities.submit ? 'finalVersions.link.send' : 'finalVersions.link.read')}
      </Button>
    </DetailCard>
  );
}

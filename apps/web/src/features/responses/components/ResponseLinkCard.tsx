import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareReply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { authorResponseQuery } from '../api.ts';
import { phaseState } from '../response-display.ts';

/**
 * On their paper's page, the authors' way to the response screen: shown once the event turned the phase on, with
 * where the window stands and whether their response is a draft or submitted. Nothing otherwise (or on a refusal).
 */
export function ResponseLinkCard({ submissionId, eventId }: { submissionId: string; eventId: string }) {
  const { t } = useTranslation();
  const query = useQuery(authorResponseQuery(submissionId));
  if (!query.data?.phase.enabled) return null;
  const { phase, response, abilities } = query.data;
  const state = phaseState(phase);
  return (
    <DetailCard title={t('responses.link.title')} icon={MessageSquareReply} data-testid="response-link-card">
      <Group gap="xs" mb="sm">
        <Badge variant="light" color={state === 'open' ? 'green' : 'gray'}>
          {t(`responses.window.state.${state}`)}
        </Badge>
        {response ? <Badge variant="outline">{t(`responses.status.${response.status}`)}</Badge> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t(abilities.edit ? 'responses.link.open' : 'responses.link.closed')}
      </Text>
      <Button
        component={Link}
        to={`/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(submissionId)}/response`}
        variant={abilities.edit ? 'filled' : 'light'}
        data-testid="response-link"
      >
        {t(abilities.edit ? 'responses.link.write' : 'responses.link.read')}
      </Button>
    </DetailCard>
  );
}

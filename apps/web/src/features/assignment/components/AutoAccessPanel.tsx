import { Alert, Button, Stack, Text } from '@mantine/core';
import { ArrowLeft, Lock, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { useAssignmentTranslation } from '../assignment-role.ts';

type AutoAccessPanelProps = {
  /** notFound: the event (404); denied: the viewer is not on its committee (403, or no manage_reviewing). */
  kind: 'notFound' | 'denied';
  back: { to: string; label: string };
};

/** Why the automatic assignment cannot be shown: the event is not there, or the viewer may not run it. */
export function AutoAccessPanel({ kind, back }: AutoAccessPanelProps) {
  const { t } = useAssignmentTranslation();
  const notFound = kind === 'notFound';
  return (
    <Alert
      color={notFound ? 'gray' : 'red'}
      icon={notFound ? <SearchX size={20} /> : <Lock size={20} />}
      title={notFound ? t('autoAssignment.notFoundTitle') : t('autoAssignment.deniedTitle')}
      role="alert"
      radius="lg"
      data-testid={notFound ? 'auto-event-not-found' : 'auto-access-denied'}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{notFound ? t('autoAssignment.notFoundText') : t('autoAssignment.deniedText')}</Text>
        <Button
          component={Link}
          to={back.to}
          variant="white"
          color={notFound ? 'gray' : 'red'}
          size="xs"
          leftSection={<ArrowLeft size={14} className="mirror-rtl" />}
        >
          {back.label}
        </Button>
      </Stack>
    </Alert>
  );
}

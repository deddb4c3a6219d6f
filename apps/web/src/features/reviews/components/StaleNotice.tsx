import { Alert, Button, Stack, Text } from '@mantine/core';
import { RefreshCw, TriangleAlert } from 'lucide-react';

/** A save lost to a newer version saved elsewhere: what happened, and the button that reads the newer one. */
export function StaleNotice({
  text,
  reloadLabel,
  onReload,
  testId,
}: {
  text: string;
  reloadLabel: string;
  onReload: () => void;
  testId: string;
}) {
  return (
    <Alert color="orange" icon={<TriangleAlert size={20} />} role="alert" radius="lg" data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Button
          variant="white"
          color="orange"
          size="xs"
          w="fit-content"
          leftSection={<RefreshCw size={14} />}
          onClick={onReload}
        >
          {reloadLabel}
        </Button>
      </Stack>
    </Alert>
  );
}

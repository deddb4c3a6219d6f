import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The placeholders a wording may use, each with what it stands for. */
export function PlaceholderHelp({ placeholders }: { placeholders: string[] }) {
  const { t } = useTranslation();
  const describe = t as unknown as (key: string) => string;
  return (
    <Paper withBorder radius="md" p="md" data-testid="placeholder-help">
      <Stack gap="xs">
        <Title order={3} fz="sm">
          {t('communications.placeholders.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('communications.placeholders.help')}
        </Text>
        <List size="sm" spacing={4} listStyleType="none" ps={0}>
          {placeholders.map((name) => (
            <List.Item key={name}>
              <Code dir="ltr">{`{${name}}`}</Code> {describe(`communications.placeholders.${name}`)}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

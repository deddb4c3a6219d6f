import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { myChairedSubmissionsQuery } from '../api.ts';

/**
 * "Papers I chair" on an area chair's dashboard: how many papers they lead and how many of those still wait for a
 * meta-review, with the link to their list. Nothing while loading or on failure: the dashboard stays usable.
 */
export function PapersIChairCard() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const query = useQuery(myChairedSubmissionsQuery(1));
  if (!query.data) return null;
  const { count, results } = query.data;
  const waiting = results.filter((paper) => paper.meta_review_status !== 'completed').length;
  return (
    <Paper withBorder radius="lg" p="md" component="section" data-testid="papers-i-chair-card">
      <Stack gap="xs">
        <Group gap="xs">
          <BookOpenCheck size={18} aria-hidden="true" />
          <Title order={2} fz="md">
            {t('areaChairs.mine.title')}
          </Title>
          <Badge variant="light">{number.format(count)}</Badge>
        </Group>
        <Text size="sm" c="dimmed" data-testid="papers-i-chair-waiting">
          {t('areaChairs.mine.waiting', { count: waiting, formatted: number.format(waiting) })}
        </Text>
        <Anchor component={Link} to="/area-chair" size="sm" w="fit-content">
          {t('areaChairs.mine.open')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

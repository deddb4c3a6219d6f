import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_DIR, UserText } from '../../../components/data/UserText.tsx';
import { myDiscussionsQuery } from '../api.ts';

/**
 * "Papers to discuss" on the reviews dashboard: the caller's papers a chair flagged for discussion
 * (`GET discussions/?flagged=true`), each linking to its discussion, or saying it opens after their review. Nothing
 * while loading, on failure, or when there is none: the dashboard's reviews stay the screen's content.
 */
export function PapersToDiscuss() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const query = useQuery(myDiscussionsQuery({ flagged: 'true', page_size: 100 }));
  const items = query.data?.results ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" mb="lg" component="section" data-testid="papers-to-discuss">
      <Stack gap="sm">
        <Group gap="xs">
          <MessagesSquare size={18} aria-hidden="true" />
          <Title order={2} fz="md">
            {t('discussion.dashboard.title')}
          </Title>
          <Badge variant="light" color="orange">
            {number.format(query.data?.count ?? items.length)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('discussion.dashboard.description')}
        </Text>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.submission.public_id} data-testid="paper-to-discuss">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} miw={0}>
                  {item.can_read ? (
                    <Anchor
                      component={Link}
                      to={`/submissions/${encodeURIComponent(item.submission.public_id)}#discussion`}
                      fw={600}
                      size="sm"
                      {...USER_DIR}
                    >
                      {item.submission.title}
                    </Anchor>
                  ) : (
                    <UserText fw={600} size="sm">
                      {item.submission.title}
                    </UserText>
                  )}
                  <UserText size="xs" c="dimmed">
                    {item.event.title}
                  </UserText>
                </Stack>
                <Text size="xs" c="dimmed" data-testid="paper-to-discuss-state">
                  {item.can_read
                    ? t('discussion.dashboard.comments', { formatted: number.format(item.comment_count) })
                    : t('discussion.dashboard.afterReview')}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

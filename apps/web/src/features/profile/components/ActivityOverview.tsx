import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/data/format.ts';
import { statisticsQuery } from '../api.ts';
import classes from './Profile.module.css';
import { ProfileSection } from './ProfileDetails.tsx';

function Stat({ label, value, testId, small }: { label: string; value: string; testId: string; small?: boolean }) {
  return (
    <Stack gap={2} className={classes.stat}>
      <Text fz={small ? 15 : 22} fw={750} lh={1.3} mih={small ? 29 : undefined} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** Reviews completed, submissions, events participated and member since; '-' while loading. */
export function ActivityOverview() {
  const { t, i18n } = useTranslation();
  const statistics = useQuery(statisticsQuery());
  const data = statistics.data;
  const number = (value: number | undefined) =>
    value === undefined ? '-' : new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language).format(value);
  return (
    <ProfileSection title={t('profile.activity')} testId="profile-activity">
      <SimpleGrid cols={2} spacing="sm">
        <Stat label={t('profile.reviewsCompleted')} value={number(data?.reviews_completed)} testId="stat-reviews" />
        <Stat label={t('profile.submissions')} value={number(data?.submissions)} testId="stat-submissions" />
        <Stat label={t('profile.eventsParticipated')} value={number(data?.events_participated)} testId="stat-events" />
        <Stat
          label={t('profile.memberSince')}
          value={data ? formatDate(data.member_since, i18n.resolvedLanguage ?? i18n.language) : '-'}
          testId="stat-member-since"
          small
        />
      </SimpleGrid>
    </ProfileSection>
  );
}

import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { CalendarPlus, ClipboardCheck, FileUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Dashboard.module.css';

type Tile = {
  to: string;
  icon: LucideIcon;
  color: string;
  title: 'dashboard.tiles.createEvent' | 'dashboard.tiles.submitPaper' | 'dashboard.tiles.reviewPapers';
  text: 'dashboard.tiles.createEventText' | 'dashboard.tiles.submitPaperText' | 'dashboard.tiles.reviewPapersText';
  testId: string;
};

const TILES: Tile[] = [
  {
    to: '/events/create',
    icon: CalendarPlus,
    color: 'brand',
    title: 'dashboard.tiles.createEvent',
    text: 'dashboard.tiles.createEventText',
    testId: 'tile-create-event',
  },
  {
    to: '/submissions/create',
    icon: FileUp,
    color: 'blue',
    title: 'dashboard.tiles.submitPaper',
    text: 'dashboard.tiles.submitPaperText',
    testId: 'tile-submit-paper',
  },
  {
    to: '/reviews',
    icon: ClipboardCheck,
    color: 'teal',
    title: 'dashboard.tiles.reviewPapers',
    text: 'dashboard.tiles.reviewPapersText',
    testId: 'tile-review-papers',
  },
];

/** The welcome and getting-started card of the dashboard: three tiles. */
export function GettingStartedCard() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" className={classes.welcome}>
      <Stack gap="lg">
        <div>
          <Title order={2} fz="lg">
            {t('dashboard.gettingStarted')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('dashboard.gettingStartedText')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {TILES.map((tile) => {
            const Icon = tile.icon;
            return (
              <UnstyledButton
                key={tile.to}
                component={Link}
                to={tile.to}
                className={classes.tile}
                data-testid={tile.testId}
              >
                <Stack gap="xs">
                  <ThemeIcon size={44} radius="md" variant="light" color={tile.color} aria-hidden="true">
                    <Icon size={22} strokeWidth={1.8} />
                  </ThemeIcon>
                  <Text fw={700}>{t(tile.title)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(tile.text)}
                  </Text>
                </Stack>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

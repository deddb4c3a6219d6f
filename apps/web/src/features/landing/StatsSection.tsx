import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Landing.module.css';

const STATS = ['users', 'conferences', 'papers', 'timeSaved'] as const;

/** The marketing figures of the landing page. */
export function StatsSection() {
  const { t } = useTranslation();
  return (
    <section id="stats" className={classes.stats} aria-labelledby="stats-title" tabIndex={-1}>
      <Container size="lg">
        <Stack gap="sm" mb={48} maw={640}>
          <Text className={classes.eyebrow} c="white" opacity={0.8}>
            {t('landing.stats.eyebrow')}
          </Text>
          <Title order={2} id="stats-title" c="white" className={classes.sectionTitle}>
            {t('landing.stats.title')}
          </Title>
        </Stack>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing={40}>
          {STATS.map((stat) => (
            <div key={stat} className={classes.statItem} data-testid={`stat-${stat}`}>
              <Text className={classes.statValue} component="p" m={0}>
                {/* The figure keeps its own reading order ("500+") inside right-to-left text. */}
                <span dir="ltr">{t(`landing.stats.${stat}Value`)}</span>
              </Text>
              <Text className={classes.statLabel}>{t(`landing.stats.${stat}Label`)}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

import { Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { BrainCircuit, Code, Languages, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading.tsx';

const VALUES: { key: 'open' | 'ai' | 'global'; icon: LucideIcon }[] = [
  { key: 'open', icon: Code },
  { key: 'ai', icon: BrainCircuit },
  { key: 'global', icon: Languages },
];

export function AboutSection() {
  const { t } = useTranslation();
  return (
    <section id="about" className={classes.section} aria-labelledby="about-title" tabIndex={-1}>
      <Container size="lg">
        <SectionHeading
          id="about-title"
          eyebrow={t('landing.about.eyebrow')}
          title={t('landing.about.title')}
          text={t('landing.about.text')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {VALUES.map(({ key, icon: Icon }) => (
            <Paper key={key} p="xl" className={classes.valueCard}>
              <ThemeIcon variant="light" size={48} radius="md" mb="md">
                <Icon size={24} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={8}>
                {t(`landing.about.${key}Title`)}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {t(`landing.about.${key}Text`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

import type { Translation } from '@confero/i18n';
import { Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CircleCheck, ClipboardCheck, Gavel, type LucideIcon, PenLine, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading.tsx';

type FeatureKey = keyof Translation['landing']['features'];

type RoleFeatures = {
  role: 'authors' | 'reviewers' | 'chairs' | 'admins';
  icon: LucideIcon;
  gradient: { from: string; to: string };
  items: FeatureKey[];
};

const ROLES: RoleFeatures[] = [
  {
    role: 'authors',
    icon: PenLine,
    gradient: { from: 'blue.5', to: 'cyan.5' },
    items: ['authorsMetadata', 'authorsAutofill', 'authorsDashboard'],
  },
  {
    role: 'reviewers',
    icon: ClipboardCheck,
    gradient: { from: 'teal.5', to: 'green.5' },
    items: ['reviewersForms', 'reviewersAi', 'reviewersBids'],
  },
  {
    role: 'chairs',
    icon: Gavel,
    gradient: { from: 'brand.6', to: 'violet.6' },
    items: ['chairsMatching', 'chairsConflicts', 'chairsWorkflows'],
  },
  {
    role: 'admins',
    icon: ShieldCheck,
    gradient: { from: 'orange.5', to: 'red.5' },
    items: ['adminsUsers', 'adminsEvents', 'adminsScheduling'],
  },
];

/** What the product offers to each role. */
export function FeaturesSection() {
  const { t } = useTranslation();
  const text = (key: FeatureKey) => t(`landing.features.${key}`);
  return (
    <section
      id="features"
      className={`${classes.section} ${classes.sectionMuted}`}
      aria-labelledby="features-title"
      tabIndex={-1}
    >
      <Container size="lg">
        <SectionHeading
          id="features-title"
          eyebrow={t('landing.features.eyebrow')}
          title={t('landing.features.title')}
          text={t('landing.features.subtitle')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {ROLES.map(({ role, icon: Icon, gradient, items }) => (
            <Paper key={role} p="xl" className={classes.featureCard} data-testid={`features-${role}`}>
              <Group gap="md" wrap="nowrap" align="flex-start" mb="lg">
                <ThemeIcon variant="gradient" gradient={gradient} size={52} radius="md">
                  <Icon size={26} />
                </ThemeIcon>
                <Stack gap={4}>
                  <Title order={3} fz="xl">
                    {text(`${role}Title`)}
                  </Title>
                  <Text c="dimmed">{text(`${role}Text`)}</Text>
                </Stack>
              </Group>
              <List
                spacing="sm"
                center
                icon={<CircleCheck size={18} color="var(--mantine-color-brand-6)" aria-hidden="true" />}
              >
                {items.map((item) => (
                  <List.Item key={item}>
                    <Text component="span" fw={500}>
                      {text(item)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ArrowRight, CircleCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Landing.module.css';
import { ProductPreview } from './ProductPreview.tsx';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} verticalSpacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="xl" align="flex-start">
            <Badge variant="light" size="lg" radius="xl" leftSection={<Sparkles size={14} />} tt="none">
              {t('landing.hero.badge')}
            </Badge>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              {t('landing.hero.titleStart')}{' '}
              <span className={classes.gradientText}>{t('landing.hero.titleHighlight')}</span>
            </Title>
            <Text className={classes.heroSubtitle}>{t('landing.hero.subtitle')}</Text>
            <Group gap="md">
              <Button
                component={Link}
                to="/register"
                size="lg"
                rightSection={<ArrowRight size={18} className="mirror-rtl" />}
              >
                {t('landing.hero.primaryAction')}
              </Button>
              <Button component={Link} to="/login" size="lg" variant="default">
                {t('landing.hero.secondaryAction')}
              </Button>
            </Group>
            <Group gap={8} wrap="nowrap">
              <CircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden="true" />
              <Text size="sm" c="dimmed">
                {t('landing.hero.note')}
              </Text>
            </Group>
          </Stack>
          <ProductPreview />
        </SimpleGrid>
      </Container>
    </section>
  );
}

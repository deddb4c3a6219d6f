import { Button, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ArrowRight, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Landing.module.css';

/** Get Started: sign-up call to action and how to reach the people running the platform. */
export function CtaSection() {
  const { t } = useTranslation();
  return (
    <section id="get-started" className={classes.section} aria-labelledby="cta-title" tabIndex={-1}>
      <Container size="lg">
        <Paper p={{ base: 'xl', sm: 48 }} radius="xl" className={classes.cta}>
          <Grid gap={40} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <Text className={classes.eyebrow}>{t('landing.cta.eyebrow')}</Text>
                <Title order={2} id="cta-title" className={classes.sectionTitle}>
                  {t('landing.cta.title')}
                </Title>
                <Text size="lg" c="dimmed" lh={1.65}>
                  {t('landing.cta.text')}
                </Text>
                <Group gap="md">
                  <Button
                    component={Link}
                    to="/register"
                    size="lg"
                    rightSection={<ArrowRight size={18} className="mirror-rtl" />}
                  >
                    {t('landing.cta.primaryAction')}
                  </Button>
                  <Button component={Link} to="/login" size="lg" variant="default">
                    {t('landing.cta.secondaryAction')}
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper p="xl" radius="lg" className={classes.contactCard}>
                <ThemeIcon variant="light" size={44} radius="md" mb="md">
                  <Mail size={22} />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={8}>
                  {t('landing.cta.contactTitle')}
                </Title>
                <Text c="dimmed" lh={1.6}>
                  {t('landing.cta.contactText')}
                </Text>
              </Paper>
            </Grid.Col>
          </Grid>
        </Paper>
      </Container>
    </section>
  );
}

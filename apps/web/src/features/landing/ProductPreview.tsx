import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { FileSearch, LayoutDashboard, type LucideIcon, ShieldExclamationPoint, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import classes from './Landing.module.css';

const ACTIVITY: {
  key: 'activityMatched' | 'activityConflict' | 'activityExtracted';
  icon: LucideIcon;
  color: string;
}[] = [
  { key: 'activityMatched', icon: Sparkles, color: 'brand' },
  { key: 'activityConflict', icon: ShieldExclamationPoint, color: 'orange' },
  { key: 'activityExtracted', icon: FileSearch, color: 'teal' },
];

/** An illustration of the event dashboard, drawn with the app's own components. */
export function ProductPreview() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(`${i18n.language}-u-nu-latn`);
  const percent = new Intl.NumberFormat(`${i18n.language}-u-nu-latn`, { style: 'percent' });

  return (
    <div className={classes.previewWrap}>
      <Paper
        component="figure"
        m={0}
        p="lg"
        radius="lg"
        className={classes.preview}
        aria-label={t('landing.preview.label')}
      >
        <Group justify="space-between" wrap="nowrap" mb="md">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="gradient" size={36} radius="md" style={{ flexShrink: 0 }}>
              <LayoutDashboard size={20} />
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text fw={700} size="sm">
                {t('landing.preview.heading')}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {t('landing.preview.event')}
              </Text>
            </Stack>
          </Group>
          <Badge variant="light" color="teal" radius="sm" style={{ flexShrink: 0 }}>
            {t('landing.preview.phase')}
          </Badge>
        </Group>

        <SimpleGrid cols={3} spacing="sm" mb="md">
          <div className={classes.previewStat}>
            <Text size="xs" c="dimmed" lh={1.3}>
              {t('landing.preview.submissions')}
            </Text>
            <Text className={classes.previewValue}>{number.format(128)}</Text>
          </div>
          <div className={classes.previewStat}>
            <Text size="xs" c="dimmed" lh={1.3}>
              {t('landing.preview.reviews')}
            </Text>
            <Text className={classes.previewValue}>{percent.format(0.76)}</Text>
          </div>
          <div className={classes.previewStat}>
            <Text size="xs" c="dimmed" lh={1.3}>
              {t('landing.preview.deadline')}
            </Text>
            <Text className={classes.previewValue}>{number.format(12)}</Text>
          </div>
        </SimpleGrid>

        <Group justify="space-between" mb={6}>
          <Text size="xs" fw={600} c="dimmed">
            {t('landing.preview.reviewProgress')}
          </Text>
          <Text size="xs" fw={700}>
            {percent.format(0.76)}
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl" mb="lg">
          <Progress.Section value={58} color="brand" aria-label={t('landing.preview.progressSubmitted')} />
          <Progress.Section value={18} color="violet.4" aria-label={t('landing.preview.progressDrafted')} />
        </Progress.Root>

        <Stack gap="xs">
          {ACTIVITY.map(({ key, icon: Icon, color }) => (
            <Group key={key} gap="sm" wrap="nowrap" className={classes.activity}>
              <ThemeIcon variant="light" color={color} size={30} radius="md">
                <Icon size={16} />
              </ThemeIcon>
              <Text size="sm" lh={1.35}>
                {t(`landing.preview.${key}`)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </div>
  );
}

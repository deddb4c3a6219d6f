import { Stack, Text, Title } from '@mantine/core';
import classes from './Landing.module.css';

type SectionHeadingProps = { id: string; eyebrow: string; title: string; text?: string };

/** Eyebrow, title and lead text of a landing section, centred. */
export function SectionHeading({ id, eyebrow, title, text }: SectionHeadingProps) {
  return (
    <Stack gap="sm" align="center" ta="center" maw={720} mx="auto" mb={56}>
      <Text className={classes.eyebrow}>{eyebrow}</Text>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {text ? (
        <Text size="lg" c="dimmed" lh={1.65}>
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}

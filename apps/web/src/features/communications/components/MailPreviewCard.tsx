import type { MailPreviewDto } from '@confero/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A mail as one recipient gets it: for whom (or that the group is empty), how many get it, the subject and the text
 * body, laid out in the recipient's language direction.
 */
export function MailPreviewCard({ preview }: { preview: MailPreviewDto }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const dir = preview.recipient?.locale === 'ar' ? 'rtl' : preview.recipient ? 'ltr' : 'auto';
  const count = preview.recipient_count;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="mail-preview">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg">
            {t('communications.preview.title')}
          </Title>
          <Badge variant="light" size="lg" data-testid="mail-preview-count" data-count={count}>
            {t('communications.preview.count', { count, formatted: number.format(count) })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" data-testid="mail-preview-recipient">
          {preview.recipient
            ? t('communications.preview.for', { name: preview.recipient.name, email: preview.recipient.email })
            : t('communications.preview.forYou')}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`communications.preview.languages.${preview.recipient?.locale === 'ar' ? 'ar' : 'en'}`)}
        </Text>
        <Stack gap={4} dir={dir}>
          <Text size="xs" c="dimmed">
            {t('communications.preview.subject')}
          </Text>
          <Text fw={600} data-testid="mail-preview-subject">
            {preview.subject}
          </Text>
        </Stack>
        <Text
          component="pre"
          dir={dir}
          size="sm"
          m={0}
          p="md"
          bg="var(--mantine-color-default-hover)"
          style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', borderRadius: 'var(--mantine-radius-md)' }}
          data-testid="mail-preview-text"
        >
          {preview.text}
        </Text>
      </Stack>
    </Paper>
  );
}

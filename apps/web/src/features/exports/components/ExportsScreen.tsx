import { EXPORT_FORMATS, EXPORT_KINDS, type ExportKind } from '@confero/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventToolGate } from '../../events/components/EventToolGate.tsx';
import { eventRef } from '../../events/event-display.ts';
import { exportHref } from '../export-links.ts';

const FORMAT_ICONS = { csv: FileText, xlsx: FileSpreadsheet } as const;

/**
 * /events/{id}/exports, for the event's committee: each kind of data (submissions, reviews, reviewers, bids,
 * conflicts) as CSV or XLSX, the column headers in the interface language; the reviews named or anonymised. The
 * files are plain links the browser downloads, streamed by the API.
 */
export function ExportsScreen({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const [anonymous, setAnonymous] = useState(false);
  const title = t('exports.title');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <EventToolGate
      eventId={eventId}
      title={title}
      testId="exports"
      ability="export"
      textsFrom="exports"
      intro={t('exports.description')}
    >
      {(event) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="exports-kinds">
          {EXPORT_KINDS.map((kind: ExportKind) => (
            <Paper key={kind} withBorder radius="lg" p="lg" data-testid={`export-${kind}`}>
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Title order={2} fz="lg">
                    {t(`exports.kinds.${kind}.title`)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`exports.kinds.${kind}.description`)}
                  </Text>
                </Stack>
                {kind === 'reviews' ? (
                  <Switch
                    checked={anonymous}
                    onChange={(change) => setAnonymous(change.currentTarget.checked)}
                    label={t('exports.anonymous.label')}
                    description={t('exports.anonymous.description')}
                    data-testid="export-anonymous"
                  />
                ) : null}
                <Group gap="sm">
                  {EXPORT_FORMATS.map((format) => {
                    const Icon = FORMAT_ICONS[format];
                    const label = t(`exports.formats.${format}`);
                    return (
                      <Button
                        key={format}
                        component="a"
                        href={exportHref(eventRef(event), kind, format, { anonymous, language })}
                        download
                        variant="light"
                        leftSection={<Icon size={16} aria-hidden="true" />}
                        aria-label={t('exports.download', { kind: t(`exports.kinds.${kind}.title`), format: label })}
                        data-testid={`export-${kind}-${format}`}
                      >
                        {label}
                      </Button>
                    );
                  })}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </EventToolGate>
  );
}

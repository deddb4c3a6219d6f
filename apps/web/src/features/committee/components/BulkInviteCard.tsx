import type { BulkLineDto, BulkPreviewDto } from '@confero/contracts';
import { Alert, Badge, Button, FileInput, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { FileSpreadsheet, ListChecks, Send, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { USER_DIR, USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useBulkApplyMutation, useBulkPreviewMutation } from '../api.ts';
import { bulkStatusColor } from '../committee-display.ts';
import { useCommitteeText } from '../use-committee-text.ts';

function LineRow({ line }: { line: BulkLineDto }) {
  const { t } = useTranslation();
  const { text } = useCommitteeText();
  const name = `${line.first_name} ${line.last_name}`.trim();
  return (
    <Table.Tr data-testid="bulk-line" data-status={line.status}>
      <Table.Td>{line.line}</Table.Td>
      <Table.Td>
        <Text size="sm" {...USER_DIR}>
          {line.email}
        </Text>
        {name ? (
          <Text size="xs" c="dimmed" {...USER_DIR}>
            {name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Badge color={bulkStatusColor(line.status)} variant="light">
            {t(`committee.bulk.status.${line.status}`)}
          </Badge>
          {line.reason ? (
            <Text size="xs" c="red.9" data-testid="bulk-line-reason">
              {text({ key: line.reason, params: line.reason_params ?? undefined })}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        {line.conflicts > 0 ? (
          <Badge color="orange" variant="outline" data-testid="bulk-line-conflicts">
            {t('committee.bulk.conflictsCount', { count: line.conflicts })}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            {t('committee.bulk.noConflicts')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Many reviewers at once: a pasted list or a CSV file, checked by the server line by line (what each becomes, why a
 * line is refused, conflicts found) before anything is sent; then the valid lines are sent and the list refreshes.
 */
export function BulkInviteCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { errorText } = useCommitteeText();
  const preview = useBulkPreviewMutation(eventId);
  const apply = useBulkApplyMutation(eventId);
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ csv: string; result: BulkPreviewDto } | null>(null);
  // A preview holds only while it is about the text in the field.
  const result = checked && checked.csv === csv ? checked.result : null;
  const joining = result ? result.counts.invite + result.counts.add : 0;

  const handleFile = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return;
    try {
      setCsv(await chosen.text());
    } catch {
      notify('error', t('committee.bulk.fileFailed'));
    }
  };

  const handlePreview = () => {
    const text = csv;
    preview.mutate(
      { csv: text },
      {
        onSuccess: (answer) => setChecked({ csv: text, result: answer }),
        onError: (error) => notify('error', errorText(error, t('committee.bulk.previewFailed'))),
      },
    );
  };

  const handleSend = () => {
    apply.mutate(
      { csv },
      {
        onSuccess: (answer) => {
          notify('success', t('committee.bulk.sent', { invited: answer.invited, added: answer.added }));
          setCsv('');
          setFile(null);
          setChecked(null);
        },
        onError: (error) => notify('error', errorText(error, t('committee.bulk.sendFailed'))),
      },
    );
  };

  return (
    <DetailCard title={t('committee.bulk.title')} icon={Users} data-testid="committee-bulk">
      <Text size="sm" c="dimmed">
        {t('committee.bulk.intro')}
      </Text>
      <Textarea
        label={t('committee.bulk.text')}
        value={csv}
        onChange={(event) => setCsv(event.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={12}
        classNames={USER_INPUT_CLASS_NAMES}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="bulk-text"
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label={t('committee.bulk.file')}
          placeholder={t('committee.bulk.filePlaceholder')}
          accept=".csv,text/csv,text/plain"
          value={file}
          onChange={(chosen) => void handleFile(chosen)}
          leftSection={<FileSpreadsheet size={16} />}
          clearable
          style={{ flex: '1 1 240px' }}
          data-testid="bulk-file"
        />
        <Button
          variant="light"
          leftSection={<ListChecks size={16} />}
          onClick={handlePreview}
          loading={preview.isPending}
          disabled={!csv.trim()}
          data-testid="bulk-preview"
        >
          {t('committee.bulk.preview')}
        </Button>
      </Group>
      {result ? (
        <Stack gap="sm" data-testid="bulk-result">
          <Text size="sm" fw={500} data-testid="bulk-summary">
            {t('committee.bulk.summary', result.counts)}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('committee.bulk.line')}</Table.Th>
                  <Table.Th>{t('committee.bulk.person')}</Table.Th>
                  <Table.Th>{t('committee.bulk.result')}</Table.Th>
                  <Table.Th>{t('committee.bulk.conflicts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.lines.map((line) => (
                  <LineRow key={line.line} line={line} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {joining === 0 ? (
            <Alert color="gray" data-testid="bulk-nothing">
              {t('committee.bulk.nothingToSend')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              leftSection={<Send size={16} />}
              onClick={handleSend}
              loading={apply.isPending}
              disabled={joining === 0}
              data-testid="bulk-send"
            >
              {t('committee.bulk.send')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </DetailCard>
  );
}

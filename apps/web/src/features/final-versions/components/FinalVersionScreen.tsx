import type { FinalVersionDto } from '@confero/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FileCheck2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data/DataTable.tsx';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { isAoe } from '../../../components/data/deadline.ts';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { USER_INPUT_CLASS_NAMES, UserInline } from '../../../components/data/UserText.tsx';
import { errorMessageOr, fieldMessages, useMessageText } from '../../../components/feedback/message.ts';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { viewerZone, wallClockZones, zoneLabel } from '../../events/deadline-zones.ts';
import { formatEventDate } from '../../events/event-display.ts';
import { ViewerTime } from '../../responses/components/WindowTimes.tsx';
import { AuthorsEditor } from '../../submissions/forms/AuthorsEditor.tsx';
import { PdfFileField } from '../../submissions/forms/PdfFileField.tsx';
import {
  addAuthor,
  moveAuthor,
  removeAuthor,
  setCorresponding,
  updateAuthor,
} from '../../submissions/forms/submission-form.ts';
import { formatFileSize } from '../../submissions/submission-display.ts';
import { finalVersionFileUrl, finalVersionQuery, useSubmitFinalVersionMutation } from '../api.ts';
import {
  type FinalVersionFormValues,
  finalVersionFormData,
  finalVersionFormValues,
  supplementaryProblem,
} from '../final-version-form.ts';

/** The deadline's last minute (23:59 of its date) in the event's zone, and in the viewer's when it reads otherwise. */
function DeadlineCard({ data, viewer }: { data: FinalVersionDto; viewer: string }) {
  const { t } = useTranslation();
  const { phase } = data;
  const { timezone } = phase;
  const state = !phase.enabled ? 'off' : phase.open ? 'open' : 'closed';
  const lastMinute = phase.deadline ? `${phase.deadline}T23:59` : null;
  const zones = wallClockZones(lastMinute, timezone, viewer);
  return (
    <DetailCard
      title={t('finalVersions.deadline.title')}
      icon={FileCheck2}
      data-testid="final-version-deadline"
      actions={
        <Badge color={state === 'open' ? 'green' : 'gray'} variant="light" data-testid="final-version-state">
          {t(`finalVersions.deadline.state.${state}`)}
        </Badge>
      }
    >
      <Stack gap={4}>
        {zones ? (
          <Text size="sm" fw={500} data-testid="final-version-deadline-event">
            {t('events.deadline.eventZone', {
              date: formatEventDate(zones.date),
              time: zones.time,
              timezone: isAoe(timezone) ? t('common.deadlineAoe') : zoneLabel(timezone),
            })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('finalVersions.deadline.none')}
          </Text>
        )}
        <ViewerTime value={lastMinute} timezone={timezone} viewer={viewer} testId="final-version-deadline-yours" />
        <Text size="sm" c="dimmed">
          {t('finalVersions.deadline.limit', { max: phase.supplementary_max_mb })}
        </Text>
      </Stack>
    </DetailCard>
  );
}

/** Every file sent, newest first, each with its version, date and size; the latest of each kind downloadable. */
function FileHistory({ data }: { data: FinalVersionDto }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  if (data.files.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="final-version-no-files">
        {t('finalVersions.files.none')}
      </Text>
    );
  }
  const latest = new Set(
    (['camera_ready', 'supplementary'] as const).map((kind) => data.files.find((file) => file.kind === kind)),
  );
  return (
    <DataTable
      minWidth={480}
      testId="final-version-files"
      headers={[
        t('finalVersions.files.kind'),
        t('finalVersions.files.version'),
        t('finalVersions.files.name'),
        t('finalVersions.files.sentAt'),
        t('finalVersions.files.size'),
      ]}
    >
      {data.files.map((file) => (
        <Table.Tr key={`${file.kind}-${file.version}`}>
          <Table.Td>{t(`finalVersions.files.kinds.${file.kind}`)}</Table.Td>
          <Table.Td>{file.version}</Table.Td>
          <Table.Td>
            {latest.has(file) && data.abilities.download ? (
              <Anchor
                href={finalVersionFileUrl(data.submission_id, file.kind === 'camera_ready' ? 'file' : 'supplementary')}
                download
                dir="auto"
              >
                {file.original_name || t(`finalVersions.files.kinds.${file.kind}`)}
              </Anchor>
            ) : (
              <Text span size="sm" dir="auto">
                {file.original_name || t(`finalVersions.files.kinds.${file.kind}`)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <time dateTime={file.uploaded_at}>{date.format(new Date(file.uploaded_at))}</time>
          </Table.Td>
          <Table.Td>{formatFileSize(file.size, language)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** The form: title, abstract and authors to confirm, the final PDF (required the first time), supplementary material. */
function FinalVersionForm({ data }: { data: FinalVersionDto }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const [values, setValues] = useState<FinalVersionFormValues>(() => finalVersionFormValues(data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const supplementaryReset = useRef<() => void>(null);
  const submit = useSubmitFinalVersionMutation(data.submission_id);
  const set = (changes: Partial<FinalVersionFormValues>) => {
    setSent(false);
    setValues((current) => ({ ...current, ...changes }));
  };

  const handleSupplementary = (file: File | null) => {
    const problem = file ? supplementaryProblem(file, data.phase.supplementary_max_mb) : null;
    if (problem) {
      supplementaryReset.current?.();
      set({ supplementary: null });
      setErrors((current) => ({
        ...current,
        supplementary: t(`finalVersions.form.supplementaryRefused.${problem}`, {
          max: data.phase.supplementary_max_mb,
        }),
      }));
      return;
    }
    setErrors(({ supplementary: _drop, ...rest }) => rest);
    set({ supplementary: file });
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!data.sent && !values.file) {
      setErrors({ file: t('finalVersions.form.fileRequired') });
      return;
    }
    setErrors({});
    submit.mutate(
      { data: finalVersionFormData(values, data.version) },
      {
        onSuccess: (answer) => {
          setValues(finalVersionFormValues(answer));
          setSent(true);
        },
        onError: (error) => {
          const fields = Object.fromEntries(
            fieldMessages(error).map(({ field, message }) => [field.split(/[.[]/)[0] ?? field, text(message)]),
          );
          setErrors(
            Object.keys(fields).length > 0
              ? fields
              : { form: text(errorMessageOr(error, 'finalVersions.form.failed')) },
          );
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="final-version-form">
      <Stack gap="md">
        {sent ? (
          <Alert color="green" icon={<CircleCheck size={18} />} data-testid="final-version-sent">
            {t('finalVersions.form.sent', { version: data.version ?? 1 })}
          </Alert>
        ) : null}
        {errors.form ? (
          <Alert color="red" data-testid="final-version-error">
            {errors.form}
          </Alert>
        ) : null}
        <TextInput
          label={t('finalVersions.form.title')}
          withAsterisk
          value={values.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          error={errors.title}
          classNames={USER_INPUT_CLASS_NAMES}
          data-testid="final-version-title"
        />
        <Textarea
          label={t('finalVersions.form.abstract')}
          withAsterisk
          autosize
          minRows={4}
          value={values.abstract}
          onChange={(event) => set({ abstract: event.currentTarget.value })}
          error={errors.abstract}
          classNames={USER_INPUT_CLASS_NAMES}
          data-testid="final-version-abstract"
        />
        <AuthorsEditor
          authors={values.authors}
          onChange={(key, changes) => set({ authors: updateAuthor(values.authors, key, changes) })}
          onSetCorresponding={(key) => set({ authors: setCorresponding(values.authors, key) })}
          onAdd={() => set({ authors: addAuthor(values.authors) })}
          onRemove={(key) => set({ authors: removeAuthor(values.authors, key) })}
          onMove={(key, delta) => set({ authors: moveAuthor(values.authors, key, delta) })}
          error={errors.authors}
        />
        <PdfFileField
          label={t('finalVersions.form.file')}
          description={data.sent ? t('finalVersions.form.fileKeep') : undefined}
          value={values.file}
          onChange={(file) => {
            setErrors(({ file: _drop, ...rest }) => rest);
            set({ file });
          }}
          onReject={(message) => setErrors((current) => ({ ...current, file: message }))}
          required={!data.sent}
          error={errors.file}
          testId="final-version-file"
        />
        <FileInput
          label={t('finalVersions.form.supplementary')}
          description={t('finalVersions.form.supplementaryHelp', { max: data.phase.supplementary_max_mb })}
          placeholder={t('finalVersions.form.supplementaryPlaceholder')}
          accept="application/pdf,.pdf,application/zip,.zip"
          value={values.supplementary}
          onChange={handleSupplementary}
          resetRef={supplementaryReset}
          clearable
          error={errors.supplementary}
          leftSection={<Upload size={16} />}
          fileInputProps={{ 'data-testid': 'final-version-supplementary' } as React.ComponentProps<'input'>}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending} data-testid="final-version-submit">
            {t(data.sent ? 'finalVersions.form.resend' : 'finalVersions.form.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FinalVersionContent({ data }: { data: FinalVersionDto }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <DeadlineCard data={data} viewer={viewerZone()} />
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        data-testid="final-version-section"
      >
        <Title order={2} fz="md" mb="md">
          {t('finalVersions.form.heading')}
        </Title>
        {data.abilities.submit ? (
          <FinalVersionForm data={data} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="final-version-closed">
            {t(
              data.decision !== 'accept'
                ? 'finalVersions.form.notAccepted'
                : data.phase.open
                  ? 'finalVersions.form.authorsOnly'
                  : 'finalVersions.form.closed',
            )}
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
        <Title order={2} fz="md" mb="md">
          {t('finalVersions.files.title')}
        </Title>
        <FileHistory data={data} />
      </Paper>
    </Stack>
  );
}

/**
 * The final version of an accepted paper (`/submissions/:submissionId/final-version`), for its authors (the committee
 * reads it): the deadline in the event's zone and the viewer's, the form while the phase is open, the files' history.
 */
export function FinalVersionScreen({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const query = useQuery(finalVersionQuery(submissionId));
  const back = { to: `/submissions/${encodeURIComponent(submissionId)}`, label: t('finalVersions.screen.back') };
  return (
    <>
      <ScreenHeader
        title={t('finalVersions.screen.title')}
        description={query.data ? <UserInline>{query.data.submission_title}</UserInline> : undefined}
        back={back}
      />
      <QueryView
        query={query}
        failure={t('finalVersions.screen.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'finalVersions.screen.loadFailed'))}
        failureTestId="final-version-load-failure"
        back={back}
      >
        {(data) => <FinalVersionContent data={data} />}
      </QueryView>
    </>
  );
}

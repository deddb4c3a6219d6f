import {
  EVENT_MAIL_TEMPLATE_KEYS,
  MAIL_AUDIENCES,
  MAIL_BODY_MAX_LENGTH,
  MAIL_SUBJECT_MAX_LENGTH,
  type MailPreviewDto,
} from '@confero/contracts';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Eye, MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/data/ListPagination.tsx';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { pageCount } from '../../../lib/list-filters.ts';
import { useLastPageBound, useListParams } from '../../../lib/use-list-params.ts';
import { mailSendsQuery, usePreviewMailMutation, useSendMailMutation } from '../api.ts';
import {
  AUTHOR_AUDIENCES,
  type ComposeValues,
  composeBody,
  composePreset,
  composeProblems,
  placeholdersFor,
  placeholdersOfText,
} from '../compose-form.ts';
import { MAIL_PAGE_SIZE, SENDS_PAGE_CODEC } from '../mail-filters.ts';
import { useServerFieldErrors } from '../use-server-fields.ts';
import { CommunicationsFrame } from './CommunicationsFrame.tsx';
import { MailPreviewCard } from './MailPreviewCard.tsx';
import { MailSendsTable } from './MailSendsTable.tsx';
import { PlaceholderHelp } from './PlaceholderHelp.tsx';

/** The compose form's fields the server may name in a refusal. */
const FORM_FIELDS = ['audience', 'template_key', 'subject', 'body', 'recipient'];

/**
 * /events/{id}/mail, for the event's organizers: write to a group (a template of the event or a text of its own,
 * placeholders explained), preview it as one recipient gets it in their language, send it after a confirmation naming
 * how many get it, and follow the group mails sent so far.
 */
export function MailComposeScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <CommunicationsFrame
      eventId={eventId}
      page="compose"
      title={t('communications.screen.title')}
      description={t('communications.screen.description')}
    >
      {(_event, ref) => (
        <Stack gap="xl">
          <ComposeForm eventId={eventId} eventRef={ref} />
          <SentMails eventId={eventId} />
        </Stack>
      )}
    </CommunicationsFrame>
  );
}

function ComposeForm({ eventId, eventRef }: { eventId: string; eventRef: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const [searchParams] = useSearchParams();
  const [preset] = useState(() => composePreset(searchParams));
  const [papers, setPapers] = useState(preset.papers);
  const [preview, setPreview] = useState<MailPreviewDto | null>(null);
  const [confirmCount, setConfirmCount] = useState<number | null>(null);
  const previewMail = usePreviewMailMutation(eventId);
  const sendMail = useSendMailMutation(eventId);
  const showServerErrors = useServerFieldErrors();

  const form = useForm<ComposeValues & { recipient: string }>({
    initialValues: { ...preset.values, recipient: '' },
    validate: (values) => {
      const problems = composeProblems(values);
      const say = (problem: (typeof problems)['subject']) =>
        problem ? (t as unknown as (key: string, params?: object) => string)(problem.key, problem.params) : null;
      return { subject: say(problems.subject), body: say(problems.body) };
    },
    onValuesChange: () => setPreview(null),
  });
  const values = form.getValues();
  const forAuthors = AUTHOR_AUDIENCES.includes(values.audience);
  const placeholders =
    values.mode === 'template' ? placeholdersFor(values.template_key) : placeholdersOfText(values.audience);

  const fieldOf = (field: string) => (FORM_FIELDS.includes(field) ? field : undefined);
  const refused = (error: unknown, fallback: string) => showServerErrors(form, error, fallback, fieldOf);

  const body = () => composeBody(form.getValues(), papers, form.getValues().recipient);

  const handlePreview = form.onSubmit(() => {
    previewMail.mutate(body(), {
      onSuccess: setPreview,
      onError: (error) => refused(error, t('communications.compose.previewFailed')),
    });
  });

  const handleSendClick = () => {
    if (form.validate().hasErrors) return;
    previewMail.mutate(body(), {
      onSuccess: (answer) => {
        setPreview(answer);
        if (answer.recipient_count === 0) notify('warning', t('communications.compose.noRecipients'));
        else setConfirmCount(answer.recipient_count);
      },
      onError: (error) => refused(error, t('communications.compose.previewFailed')),
    });
  };

  const handleSend = () => {
    const { recipient: _preview, ...sent } = body();
    sendMail.mutate(sent, {
      onSuccess: (answer) => {
        notify(
          'success',
          t('communications.compose.sent', { count: answer.recipients, formatted: number.format(answer.recipients) }),
        );
        setConfirmCount(null);
        setPreview(null);
      },
      onError: (error) => {
        setConfirmCount(null);
        refused(error, t('communications.compose.sendFailed'));
      },
    });
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper withBorder radius="lg" p="lg" component="form" onSubmit={handlePreview} noValidate>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('communications.compose.title')}
            </Title>
            <Select
              label={t('communications.compose.audience')}
              data={MAIL_AUDIENCES.map((audience) => ({
                value: audience,
                label: t(`communications.audiences.${audience}`),
              }))}
              allowDeselect={false}
              data-testid="compose-audience"
              {...form.getInputProps('audience')}
            />
            {papers.length > 0 && forAuthors ? (
              <Alert variant="light" radius="md" data-testid="compose-papers">
                <Group justify="space-between" gap="sm">
                  <Text size="sm">
                    {t('communications.compose.papers', {
                      count: papers.length,
                      formatted: number.format(papers.length),
                    })}
                  </Text>
                  <Anchor component="button" type="button" size="sm" onClick={() => setPapers([])}>
                    {t('communications.compose.clearPapers')}
                  </Anchor>
                </Group>
              </Alert>
            ) : null}
            <Stack gap={6}>
              <Text size="sm" fw={500} id="compose-mode-label">
                {t('communications.compose.mode')}
              </Text>
              <SegmentedControl
                aria-labelledby="compose-mode-label"
                data={[
                  { value: 'template', label: t('communications.compose.modeTemplate') },
                  { value: 'text', label: t('communications.compose.modeText') },
                ]}
                data-testid="compose-mode"
                {...form.getInputProps('mode')}
              />
            </Stack>
            {values.mode === 'template' ? (
              <Group align="flex-end" gap="sm">
                <Select
                  style={{ flex: 1 }}
                  label={t('communications.compose.template')}
                  data={EVENT_MAIL_TEMPLATE_KEYS.map((key) => ({
                    value: key,
                    label: t(`communications.templates.${key}`),
                  }))}
                  allowDeselect={false}
                  data-testid="compose-template"
                  {...form.getInputProps('template_key')}
                />
                <Button
                  component={Link}
                  to={`/events/${encodeURIComponent(eventRef)}/mail/templates?key=${values.template_key}`}
                  variant="subtle"
                >
                  {t('communications.nav.templates')}
                </Button>
              </Group>
            ) : (
              <>
                <TextInput
                  label={t('communications.compose.subject')}
                  maxLength={MAIL_SUBJECT_MAX_LENGTH}
                  dir="auto"
                  classNames={USER_INPUT_CLASS_NAMES}
                  data-testid="compose-subject"
                  {...form.getInputProps('subject')}
                />
                <Textarea
                  label={t('communications.compose.body')}
                  autosize
                  minRows={8}
                  maxLength={MAIL_BODY_MAX_LENGTH}
                  dir="auto"
                  classNames={USER_INPUT_CLASS_NAMES}
                  data-testid="compose-body"
                  {...form.getInputProps('body')}
                />
              </>
            )}
            <TextInput
              label={t('communications.compose.recipient')}
              placeholder={t('communications.compose.recipientPlaceholder')}
              description={t('communications.compose.recipientHint')}
              type="email"
              dir="ltr"
              data-testid="compose-recipient"
              {...form.getInputProps('recipient')}
            />
            <Group justify="flex-end" gap="sm">
              <Button
                type="submit"
                variant="default"
                leftSection={<Eye size={16} />}
                loading={previewMail.isPending && confirmCount === null}
                data-testid="compose-preview"
              >
                {t('communications.compose.preview')}
              </Button>
              <Button
                type="button"
                leftSection={<Send size={16} />}
                onClick={handleSendClick}
                disabled={previewMail.isPending}
                data-testid="compose-send"
              >
                {t('communications.compose.send')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          {preview ? <MailPreviewCard preview={preview} /> : null}
          <PlaceholderHelp placeholders={placeholders} />
        </Stack>
      </Grid.Col>
      <ConfirmDialog
        opened={confirmCount !== null}
        title={t('communications.compose.confirmTitle')}
        message={
          <Text size="sm" data-testid="compose-confirm-message">
            {t('communications.compose.confirm', {
              count: confirmCount ?? 0,
              formatted: number.format(confirmCount ?? 0),
            })}
          </Text>
        }
        confirmLabel={t('communications.compose.confirmAction')}
        cancelLabel={t('communications.compose.cancel')}
        loading={sendMail.isPending}
        onConfirm={handleSend}
        onClose={() => setConfirmCount(null)}
      />
    </Grid>
  );
}

/** The group mails sent so far, newest first, paginated in the address. */
function SentMails({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const list = useListParams(SENDS_PAGE_CODEC);
  const sends = useQuery(mailSendsQuery(eventId, list.filters.page));
  const pages = pageCount(sends.data?.count ?? 0, MAIL_PAGE_SIZE);
  useLastPageBound(list, sends.data && !sends.isPlaceholderData ? pages : null);
  return (
    <Paper withBorder radius="lg">
      <Title order={2} fz="lg" p="md">
        {t('communications.sends.title')}
      </Title>
      <QueryView
        query={sends}
        loading={<ListSkeleton data-testid="mail-sends-loading" />}
        failure={t('communications.sends.loadFailed')}
        failureDetail={(error) => text(errorMessageOr(error, 'communications.sends.loadFailed'))}
        inset
        empty={{
          when: (page) => page.results.length === 0,
          icon: <MailCheck size={28} />,
          title: t('communications.sends.emptyTitle'),
          description: t('communications.sends.empty'),
          testId: 'mail-sends-empty',
        }}
      >
        {(page) => <MailSendsTable sends={page.results} />}
      </QueryView>
      <ListPagination
        page={list.filters.page}
        pages={pages}
        onChange={list.setPage}
        data-testid="mail-sends-pagination"
      />
    </Paper>
  );
}

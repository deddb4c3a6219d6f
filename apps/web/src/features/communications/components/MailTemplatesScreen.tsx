import {
  type EventMailTemplateDto,
  type EventMailTemplateKey,
  isEventMailTemplateKey,
  MAIL_BODY_MAX_LENGTH,
  MAIL_SUBJECT_MAX_LENGTH,
  type MailPreviewDto,
} from '@confero/contracts';
import {
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Eye, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { mailTemplateQuery, mailTemplatesQuery, usePreviewMailMutation, useSaveTemplateMutation } from '../api.ts';
import { audienceOfTemplate, wordingProblems } from '../compose-form.ts';
import { useServerFieldErrors } from '../use-server-fields.ts';
import { CommunicationsFrame } from './CommunicationsFrame.tsx';
import { MailPreviewCard } from './MailPreviewCard.tsx';
import { PlaceholderHelp } from './PlaceholderHelp.tsx';

const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

/**
 * /events/{id}/mail/templates?key=…, for the event's organizers: the event's templates (each marked when a chair
 * worded it), and the chosen one's English and Arabic wording side by side (the Arabic laid out right to left), each
 * saved, put back to its default or previewed for one recipient of the group it usually goes to.
 */
export function MailTemplatesScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <CommunicationsFrame
      eventId={eventId}
      page="templates"
      title={t('communications.editor.title')}
      description={t('communications.editor.description')}
    >
      {() => <TemplatesBody eventId={eventId} />}
    </CommunicationsFrame>
  );
}

function TemplatesBody({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('key');
  const key: EventMailTemplateKey = isEventMailTemplateKey(wanted) ? wanted : 'announcement';
  const list = useQuery(mailTemplatesQuery(eventId));
  const template = useQuery(mailTemplateQuery(eventId, key));

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="lg" p="xs">
          <QueryView
            query={list}
            loading={<ListSkeleton rows={7} rowHeight={36} />}
            failure={t('communications.editor.listLoadFailed')}
            failureDetail={(error) => text(errorMessageOr(error, 'communications.editor.listLoadFailed'))}
          >
            {(rows) => (
              <nav aria-label={t('communications.editor.choose')}>
                {rows.map((row) => {
                  const customized = row.customized.en || row.customized.ar;
                  return (
                    <NavLink
                      key={row.key}
                      component="button"
                      type="button"
                      active={row.key === key}
                      aria-current={row.key === key ? 'page' : undefined}
                      label={t(`communications.templates.${row.key}`)}
                      rightSection={
                        customized ? (
                          <Badge size="xs" variant="light">
                            {t('communications.editor.customized')}
                          </Badge>
                        ) : null
                      }
                      onClick={() => setSearchParams({ key: row.key }, { replace: true })}
                      data-testid="template-key"
                      data-key={row.key}
                    />
                  );
                })}
              </nav>
            )}
          </QueryView>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <QueryView
          query={template}
          failure={t('communications.editor.loadFailed')}
          failureDetail={(error) => text(errorMessageOr(error, 'communications.editor.loadFailed'))}
        >
          {(loaded) => <TemplateEditor key={key} eventId={eventId} template={loaded} />}
        </QueryView>
      </Grid.Col>
    </Grid>
  );
}

type EditorValues = Record<Language, { subject: string; body: string }>;

function TemplateEditor({ eventId, template }: { eventId: string; template: EventMailTemplateDto }) {
  const { t } = useTranslation();
  const save = useSaveTemplateMutation(eventId, template.key);
  const previewMail = usePreviewMailMutation(eventId);
  const showServerErrors = useServerFieldErrors();
  const [preview, setPreview] = useState<MailPreviewDto | null>(null);
  const say = t as unknown as (key: string, params?: object) => string;
  const form = useForm<EditorValues>({
    initialValues: {
      en: { subject: template.en.subject, body: template.en.body },
      ar: { subject: template.ar.subject, body: template.ar.body },
    },
  });

  /** Checks one language; true when it may be sent. */
  const check = (language: Language) => {
    const problems = wordingProblems(form.getValues()[language], template.placeholders);
    for (const part of ['subject', 'body'] as const) {
      const problem = problems[part];
      form.setFieldError(`${language}.${part}`, problem ? say(problem.key, problem.params) : null);
    }
    return !problems.subject && !problems.body;
  };

  const fieldOf = (field: string) => (/^(en|ar)\.(subject|body)$/.test(field) ? field : undefined);

  const handleSave = (language: Language) => {
    if (!check(language)) return;
    save.mutate(
      { [language]: form.getValues()[language] },
      {
        onSuccess: () => notify('success', t('communications.editor.saved')),
        onError: (error) => showServerErrors(form, error, t('communications.editor.saveFailed'), fieldOf),
      },
    );
  };

  const handleReset = (language: Language) => {
    save.mutate(
      { [language]: null },
      {
        onSuccess: (saved) => {
          // The default wording comes back in the answer; the other language keeps what is being written.
          form.setFieldValue(language, { subject: saved[language].subject, body: saved[language].body });
          notify('success', t('communications.editor.resetDone'));
        },
        onError: (error) => showServerErrors(form, error, t('communications.editor.saveFailed'), fieldOf),
      },
    );
  };

  const handlePreview = (language: Language) => {
    if (!check(language)) return;
    previewMail.mutate(
      { audience: audienceOfTemplate(template.key), ...form.getValues()[language] },
      {
        onSuccess: setPreview,
        onError: (error) =>
          showServerErrors(form, error, t('communications.compose.previewFailed'), (field) =>
            field === 'subject' || field === 'body' ? `${language}.${field}` : undefined,
          ),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t(`communications.templates.${template.key}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            {LANGUAGES.map((language) => {
              const dir = language === 'ar' ? 'rtl' : 'ltr';
              const customized = template[language].customized;
              return (
                <Stack key={language} gap="sm" data-testid={`template-${language}`} lang={language} dir={dir}>
                  <Group justify="space-between">
                    <Title order={3} fz="md">
                      {t(`communications.editor.${language}`)}
                    </Title>
                    <Badge variant="light" color={customized ? 'blue' : 'gray'}>
                      {customized ? t('communications.editor.customized') : t('communications.editor.default')}
                    </Badge>
                  </Group>
                  <TextInput
                    label={t('communications.editor.subject')}
                    dir={dir}
                    maxLength={MAIL_SUBJECT_MAX_LENGTH}
                    data-testid={`template-${language}-subject`}
                    {...form.getInputProps(`${language}.subject`)}
                  />
                  <Textarea
                    label={t('communications.editor.body')}
                    dir={dir}
                    autosize
                    minRows={10}
                    maxLength={MAIL_BODY_MAX_LENGTH}
                    data-testid={`template-${language}-body`}
                    {...form.getInputProps(`${language}.body`)}
                  />
                  <Group gap="xs" justify="flex-end">
                    <Button
                      variant="subtle"
                      leftSection={<RotateCcw size={16} />}
                      disabled={!customized || save.isPending}
                      onClick={() => handleReset(language)}
                      data-testid={`template-${language}-reset`}
                    >
                      {t('communications.editor.reset')}
                    </Button>
                    <Button
                      variant="default"
                      leftSection={<Eye size={16} />}
                      loading={previewMail.isPending}
                      onClick={() => handlePreview(language)}
                      data-testid={`template-${language}-preview`}
                    >
                      {t('communications.editor.preview')}
                    </Button>
                    <Button
                      leftSection={<Save size={16} />}
                      loading={save.isPending}
                      onClick={() => handleSave(language)}
                      data-testid={`template-${language}-save`}
                    >
                      {t('communications.editor.save')}
                    </Button>
                  </Group>
                </Stack>
              );
            })}
          </SimpleGrid>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: preview ? 2 : 1 }} spacing="lg">
        {preview ? <MailPreviewCard preview={preview} /> : null}
        <PlaceholderHelp placeholders={template.placeholders} />
      </SimpleGrid>
    </Stack>
  );
}

import type { ConflictCheckDto } from '@confero/contracts';
import { Alert, Anchor, Badge, Divider, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { CircleCheck, SearchCheck, UserRoundCheck, UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_DIR, USER_INPUT_CLASS_NAMES, UserText } from '../../../components/data/UserText.tsx';
import { useCheckCandidateMutation } from '../api.ts';
import {
  type CheckCandidateValues,
  EMPTY_CHECK_CANDIDATE,
  toCheckCandidateBody,
  validateCheckCandidate,
} from '../conflict-form.ts';
import { useConflictForm } from '../use-conflict-form.ts';
import { useConflictText } from '../use-conflict-text.ts';
import { ConflictTypeBadge } from './ConflictBadges.tsx';
import { ConflictEmailField, FormActions, FormFailure } from './ConflictFormFields.tsx';
import { ConflictReasons } from './ConflictReasons.tsx';

/**
 * What the check found: whether the address has an account, then each submission with its type and reasons. Also
 * shown in the reviewer invite modal, so a chair sees the conflicts before inviting.
 */
export function CheckResult({ result, eventRef }: { result: ConflictCheckDto; eventRef: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="check-result" data-count={result.count} data-registered={result.registered}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} dir="ltr">
          {result.email}
        </Text>
        {result.registered ? (
          <Badge color="teal" variant="light" leftSection={<UserRoundCheck size={12} />} data-testid="check-registered">
            {t('conflicts.check.registered')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" leftSection={<UserRoundX size={12} />} data-testid="check-unregistered">
            {t('conflicts.check.unregistered')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {result.registered ? t('conflicts.check.registeredHint') : t('conflicts.check.unregisteredHint')}
      </Text>
      {result.conflicts.length === 0 ? (
        <Alert color="teal" icon={<CircleCheck size={18} />} data-testid="check-no-conflicts">
          {t('conflicts.check.none')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text size="sm" fw={500} data-testid="check-count">
            {t('conflicts.check.found', { count: result.count })}
          </Text>
          {result.conflicts.map((conflict) => (
            <Paper
              key={conflict.submission.id}
              withBorder
              radius="md"
              p="sm"
              data-testid="check-conflict"
              data-submission={conflict.submission.public_id}
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                  {conflict.submission.public_id ? (
                    <Anchor
                      component={Link}
                      to={`/events/${encodeURIComponent(eventRef)}/submissions/${encodeURIComponent(conflict.submission.public_id)}`}
                      size="sm"
                      fw={500}
                      {...USER_DIR}
                    >
                      {conflict.submission.title}
                    </Anchor>
                  ) : (
                    <UserText size="sm" fw={500}>
                      {conflict.submission.title || t('conflicts.check.untitled')}
                    </UserText>
                  )}
                  <ConflictTypeBadge type={conflict.type} />
                </Group>
                <ConflictReasons reasons={conflict.reasons} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type CheckCandidateModalProps = {
  eventId: string;
  /** The event's public id, for the submission links. */
  eventRef: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * "Check a candidate" before inviting them (`POST events/{id}/conflicts/check/`): an e-mail address and, for
 * someone without an account, their affiliation; shows whether the address has an account and which submissions of
 * the event the person would conflict with, and why. Nothing is stored.
 */
export function CheckCandidateModal({ eventId, eventRef, opened, onClose }: CheckCandidateModalProps) {
  const { t } = useTranslation();
  const { errorText, fieldErrors } = useConflictText();
  const check = useCheckCandidateMutation(eventId);
  const { form, failure, setFailure } = useConflictForm<CheckCandidateValues>({
    opened,
    initialValues: EMPTY_CHECK_CANDIDATE,
    validate: validateCheckCandidate,
    resetMutation: check.reset,
  });

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    check.mutate(toCheckCandidateBody(values), {
      onError: (error) => {
        const fields = fieldErrors(error);
        if (fields.email) form.setFieldError('email', fields.email);
        else if (fields.affiliation) form.setFieldError('affiliation', fields.affiliation);
        else setFailure(errorText(error, t('conflicts.check.failed')));
      },
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('conflicts.check.title')} centered radius="lg" size="lg">
      <Stack gap="md">
        <form onSubmit={handleSubmit} noValidate data-testid="check-candidate-form">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('conflicts.check.intro')}
            </Text>
            <ConflictEmailField
              label={t('conflicts.check.email')}
              placeholder={t('conflicts.add.emailPlaceholder')}
              withAsterisk
              data-autofocus
              testId="check-email"
              field={form.getInputProps('email')}
            />
            <TextInput
              label={t('conflicts.check.affiliation')}
              description={t('conflicts.check.affiliationHint')}
              autoComplete="off"
              classNames={USER_INPUT_CLASS_NAMES}
              data-testid="check-affiliation"
              {...form.getInputProps('affiliation')}
            />
            <FormFailure message={failure} testId="check-error" />
            <FormActions
              cancelLabel={t('common.close')}
              onCancel={onClose}
              submitLabel={t('conflicts.check.submit')}
              submitIcon={<SearchCheck size={16} />}
              submitting={check.isPending}
              submitTestId="check-submit"
            />
          </Stack>
        </form>
        {check.data ? (
          <>
            <Divider />
            <CheckResult result={check.data} eventRef={eventRef} />
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Mail, SearchCheck, Send } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useCheckCandidateMutation } from '../../conflicts/api.ts';
import { CheckResult } from '../../conflicts/components/CheckCandidateModal.tsx';
import { useInviteReviewerMutation } from '../api.ts';
import { firstFieldProblem } from '../event-errors.ts';
import { type InviteValues, toInviteBody, validateInvite } from '../forms/invite-reviewer.ts';
import { useEventText } from '../use-event-text.ts';

const EMPTY: InviteValues = { email: '', first_name: '', last_name: '' };

/**
 * The reviewer invite modal: email (required, an address), first and last name (optional, at least 2 characters). On
 * success 'Reviewer invitation sent successfully' and the reviewer list reloads; on failure the server's error or
 * message, else 'Failed to send reviewer invitation'. Before sending, the chair may check the address for conflicts of
 * interest with the event's submissions (`POST events/{id}/conflicts/check/`).
 */
export function InviteReviewerModal({
  eventId,
  opened,
  onClose,
}: {
  eventId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, errorText } = useEventText();
  const invite = useInviteReviewerMutation(eventId);
  const check = useCheckCandidateMutation(eventId);
  const form = useForm<InviteValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const problems = validateInvite(values);
      return Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [field, message(problem.key, problem.params)]),
      );
    },
  });
  const { reset } = form;
  const resetCheck = check.reset;

  useEffect(() => {
    if (opened) {
      reset();
      resetCheck();
    }
  }, [opened, reset, resetCheck]);

  const handleCheck = () => {
    if (form.validateField('email').hasError) return;
    check.mutate({ email: form.getValues().email.trim() });
  };
  // A result stays only while it is about the address in the field.
  const checked =
    check.data && check.data.email.toLowerCase() === form.getValues().email.trim().toLowerCase() ? check.data : null;

  const handleSubmit = form.onSubmit((values) => {
    invite.mutate(toInviteBody(values), {
      onSuccess: () => {
        notify('success', t('events.invite.sent'));
        onClose();
      },
      onError: (error) => {
        const text = errorText(error) ?? t('events.invite.failed');
        const field = firstFieldProblem(error)?.field;
        if (field === 'email' || field === 'first_name' || field === 'last_name') form.setFieldError(field, text);
        notify('error', text);
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={invite.isPending ? () => undefined : onClose}
      title={t('events.invite.title')}
      centered
      radius="lg"
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate data-testid="invite-reviewer-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('events.invite.intro')}
          </Text>
          <TextInput
            type="email"
            label={t('events.invite.email')}
            withAsterisk
            leftSection={<Mail size={16} />}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('events.invite.firstName')}
              autoComplete="off"
              classNames={USER_INPUT_CLASS_NAMES}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('events.invite.lastName')}
              autoComplete="off"
              classNames={USER_INPUT_CLASS_NAMES}
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          {checked ? <CheckResult result={checked} eventRef={eventId} /> : null}
          {check.isError ? (
            <Alert color="red" role="alert" data-testid="invite-check-error">
              {errorText(check.error) ?? t('events.invite.checkFailed')}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="subtle"
              me="auto"
              leftSection={<SearchCheck size={16} />}
              loading={check.isPending}
              onClick={handleCheck}
              data-testid="invite-check-conflicts"
            >
              {t('events.invite.checkConflicts')}
            </Button>
            <Button variant="default" onClick={onClose} disabled={invite.isPending}>
              {t('events.common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} leftSection={<Send size={16} className="mirror-rtl" />}>
              {t('events.invite.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

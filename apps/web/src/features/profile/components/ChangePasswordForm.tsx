import { PASSWORD_MESSAGE_MS } from '@confero/contracts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromServerText, type Message, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import { useChangePasswordMutation } from '../api.ts';
import { changePasswordError } from '../profile-form.ts';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Current, new and confirmation: all three required, else a generic error; new and confirmation must match. Messages
 * disappear after 5 seconds; success notifies, clears and closes the form.
 */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const change = useChangePasswordMutation();
  const [problem, setProblem] = useState<Message | null>(null);
  const form = useForm({ initialValues: EMPTY });

  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), PASSWORD_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  const handleSubmit = form.onSubmit((values) => {
    setProblem(null);
    if (!values.current_password || !values.new_password || !values.confirm_password) {
      setProblem({ key: 'profile.password.allRequired' });
      return;
    }
    if (values.new_password !== values.confirm_password) {
      setProblem({ key: 'profile.password.mismatch' });
      return;
    }
    change.mutate(values, {
      onSuccess: (answer) => {
        notify('success', text(fromServerText(answer.message)));
        form.setValues(EMPTY);
        onDone();
      },
      onError: (error) => setProblem(changePasswordError(error)),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="change-password-form">
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="password-error">
            {text(problem)}
          </Alert>
        ) : null}
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('current_password')}
        />
        <PasswordField
          label={t('profile.password.new')}
          description={t('register.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('new_password')}
        />
        <PasswordField
          label={t('profile.password.confirm')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirm_password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button type="submit" loading={change.isPending}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

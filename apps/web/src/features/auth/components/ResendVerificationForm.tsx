import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { CircleCheck, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fromServerText, useMessageText } from '../../../components/feedback/message.ts';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { useResendVerificationMutation } from '../api.ts';

/** Asks for a new verification mail: the address, then `POST auth/resend-verification/`. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const resend = useResendVerificationMutation();
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: {
      email: (value) =>
        isNotEmpty(t('validation.required'))(value.trim()) ?? isEmail(t('validation.invalidEmail'))(value.trim()),
    },
  });

  if (resend.isSuccess) {
    return (
      <Alert color="teal" icon={<CircleCheck size={18} />} role="status" data-testid="resend-success">
        {text(fromServerText(resend.data.message))}
      </Alert>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => resend.mutate(values.email.trim()))} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('verifyEmail.resendHint')}
        </Text>
        <TextInput
          type="email"
          classNames={LTR_VALUE_CLASS_NAMES}
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          autoComplete="email"
          withAsterisk
          leftSection={<Mail size={16} />}
          {...form.getInputProps('email')}
        />
        {resend.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('login.resendFailed')}
          </Text>
        ) : null}
        <Button type="submit" fullWidth loading={resend.isPending}>
          {t('verifyEmail.resend')}
        </Button>
      </Stack>
    </form>
  );
}

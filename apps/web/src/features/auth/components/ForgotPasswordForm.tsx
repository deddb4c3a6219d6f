import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { ArrowLeft, CircleAlert, CircleCheck, KeyRound, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fromServerText, useMessageText } from '../../../components/feedback/message.ts';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { useRequestPasswordResetMutation } from '../api.ts';
import { AuthHeader } from './AuthHeader.tsx';

/** Forgot password: an e-mail field, a success or error message, a way back to sign in. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const request = useRequestPasswordResetMutation();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) =>
        isNotEmpty(t('validation.required'))(value.trim()) ?? isEmail(t('validation.invalidEmail'))(value.trim()),
    },
  });

  const handleSubmit = form.onSubmit((values) => request.mutate(values.email.trim()));

  return (
    <>
      <AuthHeader
        icon={KeyRound}
        title={t('pages.forgotPassword.title')}
        description={t('pages.forgotPassword.description')}
      />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {request.isSuccess ? (
            <Alert color="teal" icon={<CircleCheck size={18} />} role="status" data-testid="forgot-success">
              {text(fromServerText(request.data.message))}
            </Alert>
          ) : null}
          {request.isError ? (
            <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="forgot-error">
              {t('auth.passwordResetRequestError')}
            </Alert>
          ) : null}
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
          <Button type="submit" fullWidth size="md" loading={request.isPending}>
            {t('forgotPassword.submit')}
          </Button>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              <Group gap={6} wrap="nowrap">
                <ArrowLeft size={14} className="mirror-rtl" aria-hidden="true" />
                {t('forgotPassword.backToSignIn')}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}

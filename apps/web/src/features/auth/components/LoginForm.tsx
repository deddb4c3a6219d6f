import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { CircleAlert, CircleCheck, LogIn, Mail, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { fromServerText, useMessageText } from '../../../components/feedback/message.ts';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import { useResendVerificationMutation } from '../api.ts';
import { useAuth } from '../auth-context.ts';
import { type LoginError, loginError } from '../errors.ts';
import { returnPath } from '../links.ts';
import { AuthHeader } from './AuthHeader.tsx';

/**
 * Sign in: email and password, the e-mail-verified notice of `?verified=true` (then the parameter leaves the address),
 * the error catalogue, and for an unverified address a way to resend the link.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const { login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [justVerified] = useState(() => searchParams.get('verified') === 'true');
  const [error, setError] = useState<LoginError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const resend = useResendVerificationMutation();

  // Show the notice once, then take `verified` out of the address (keeping the rest and the navigation state).
  useEffect(() => {
    if (!searchParams.has('verified')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('verified');
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [searchParams, navigate, location.pathname, location.hash, location.state]);

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) =>
        isNotEmpty(t('validation.required'))(value.trim()) ?? isEmail(t('validation.invalidEmail'))(value.trim()),
      password: isNotEmpty(t('validation.required')),
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setError(null);
    resend.reset();
    setSubmitting(true);
    try {
      await login(values.email.trim(), values.password);
      await navigate(returnPath(location.state), { replace: true });
    } catch (caught) {
      setError(loginError(caught));
      setSubmitting(false);
    }
  });

  return (
    <>
      <AuthHeader icon={LogIn} title={t('pages.login.title')} description={t('pages.login.description')} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {justVerified ? (
            <Alert color="teal" icon={<CircleCheck size={18} />} data-testid="login-verified">
              {t('auth.emailVerified')}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="login-error">
              <Stack gap="xs">
                <Text size="sm">{text(error.message)}</Text>
                {error.kind === 'unverified' ? (
                  resend.isSuccess ? (
                    <Text size="sm" fw={600} c="teal.8" data-testid="resend-result">
                      {text(fromServerText(resend.data.message))}
                    </Text>
                  ) : (
                    <Group>
                      <Button
                        size="xs"
                        variant="white"
                        color="red"
                        leftSection={<MailCheck size={14} />}
                        loading={resend.isPending}
                        onClick={() => resend.mutate(form.values.email.trim())}
                      >
                        {t('login.resendVerification')}
                      </Button>
                    </Group>
                  )
                ) : null}
                {resend.isError ? <Text size="sm">{t('login.resendFailed')}</Text> : null}
              </Stack>
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
          <Stack gap={6}>
            <PasswordField
              label={t('login.password')}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth size="md" loading={submitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider my="lg" />
      <Text ta="center" size="sm" c="dimmed">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/register" fw={600}>
          {t('login.createAccount')}
        </Anchor>
      </Text>
    </>
  );
}

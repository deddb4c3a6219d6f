import { RESET_REDIRECT_MS } from '@confero/contracts';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, CircleCheck, LockKeyhole, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { type Message, useMessageText } from '../../../components/feedback/message.ts';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import { resetLinkQuery, useResetPasswordMutation } from '../api.ts';
import { resetError } from '../errors.ts';
import { readResetLink } from '../links.ts';
import { AuthHeader } from './AuthHeader.tsx';

function InvalidLink({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  return (
    <Stack gap="md" data-testid="reset-invalid">
      <Alert color="red" icon={<CircleAlert size={18} />} role="alert">
        {text(message)}
      </Alert>
      <Button component={Link} to="/forgot-password" fullWidth leftSection={<RotateCcw size={16} />}>
        {t('resetPassword.requestNewLink')}
      </Button>
    </Stack>
  );
}

/**
 * Set a new password. The link is checked first (checking → valid | invalid); a valid link shows the new password and
 * its confirmation; success says so and goes to /login after 3 seconds.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const link = readResetLink(useParams(), search);
  const hasLink = Boolean(link.uidb64 && link.token);
  const check = useQuery({ ...resetLinkQuery(link), enabled: hasLink });
  const reset = useResetPasswordMutation();
  const [problem, setProblem] = useState<Message | null>(null);

  const form = useForm({
    initialValues: { new_password: '', confirm_password: '' },
    validate: {
      new_password: isNotEmpty(t('validation.required')),
      confirm_password: isNotEmpty(t('validation.required')),
    },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const handleSubmit = form.onSubmit((values) => {
    setProblem(null);
    if (values.new_password !== values.confirm_password) {
      setProblem({ key: 'auth.passwordsDoNotMatch' });
      return;
    }
    reset.mutate(
      { ...link, new_password: values.new_password },
      { onError: (error) => setProblem(resetError(error, 'auth.passwordResetError')) },
    );
  });

  let body: ReactNode;
  if (!hasLink) {
    body = <InvalidLink message={{ key: 'auth.invalidLink' }} />;
  } else if (check.isPending) {
    body = (
      <Center py="lg" role="status" data-testid="reset-checking">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('resetPassword.checking')}</Text>
        </Group>
      </Center>
    );
  } else if (check.isError) {
    body = <InvalidLink message={resetError(check.error, 'auth.invalidLink')} />;
  } else if (reset.isSuccess) {
    body = (
      <Alert color="teal" icon={<CircleCheck size={18} />} role="status" data-testid="reset-success">
        <Stack gap={4}>
          <Text size="sm">{t('auth.passwordResetSuccess')}</Text>
          <Text size="sm" c="dimmed">
            {t('resetPassword.redirecting')}
          </Text>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="reset-error">
              {text(problem)}
            </Alert>
          ) : null}
          <PasswordField
            label={t('resetPassword.newPassword')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordField
            label={t('resetPassword.confirmPassword')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm_password')}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <>
      <AuthHeader
        icon={LockKeyhole}
        title={t('pages.resetPassword.title')}
        description={t('pages.resetPassword.description')}
      />
      {body}
      <Group justify="center" mt="lg">
        <Anchor component={Link} to="/login" size="sm">
          <Group gap={6} wrap="nowrap">
            <ArrowLeft size={14} className="mirror-rtl" aria-hidden="true" />
            {t('forgotPassword.backToSignIn')}
          </Group>
        </Anchor>
      </Group>
    </>
  );
}

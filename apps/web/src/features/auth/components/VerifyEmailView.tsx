import { Alert, Anchor, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOr, useMessageText } from '../../../components/feedback/message.ts';
import { isApiError } from '../../../lib/api.ts';
import { verifyEmailQuery } from '../api.ts';
import { AuthHeader } from './AuthHeader.tsx';
import { ResendVerificationForm } from './ResendVerificationForm.tsx';

/**
 * The link of the verification mail (`/verify-email?token=…`): confirms the address, then goes to
 * `/login?verified=true`. A missing, used or expired link says so and offers a new mail.
 */
export function VerifyEmailView() {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const verification = useQuery({ ...verifyEmailQuery(token), enabled: token !== '' });

  useEffect(() => {
    if (verification.isSuccess) void navigate('/login?verified=true', { replace: true });
  }, [verification.isSuccess, navigate]);

  const failed = token === '' || verification.isError;
  const reason =
    token === ''
      ? { key: 'verifyEmail.missingToken' }
      : isApiError(verification.error) && verification.error.code === 'TOKEN_INVALID'
        ? { key: 'verifyEmail.invalidToken' }
        : errorMessageOr(verification.error, 'verifyEmail.failed');

  return (
    <>
      <AuthHeader
        icon={MailCheck}
        title={t('pages.verifyEmail.title')}
        description={failed ? undefined : t('pages.verifyEmail.description')}
        color={failed ? 'red' : 'brand'}
      />
      {failed ? (
        <Stack gap="lg">
          <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="verify-error">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('verifyEmail.failedTitle')}
              </Text>
              <Text size="sm">{text(reason)}</Text>
            </Stack>
          </Alert>
          <Divider label={t('verifyEmail.needNewLink')} labelPosition="center" />
          <ResendVerificationForm />
        </Stack>
      ) : (
        <Center py="lg" role="status" data-testid="verify-checking">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">{t('verifyEmail.checking')}</Text>
          </Group>
        </Center>
      )}
      <Group justify="center" mt="lg">
        <Anchor component={Link} to="/login" size="sm">
          {t('forgotPassword.backToSignIn')}
        </Anchor>
      </Group>
    </>
  );
}

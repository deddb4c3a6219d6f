import type { ProfileDto } from '@confero/contracts';
import { Badge, Button, Collapse, Divider, Group, Stack, Text } from '@mantine/core';
import { BadgeCheck, CircleAlert, KeyRound, MailCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOr, fromServerText, useMessageText } from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { useResendVerificationMutation } from '../../auth/api.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileSection } from './ProfileDetails.tsx';

/** E-mail verification status (with a way to get the link again) and the change-password form. */
export function AccountSecurity({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const resend = useResendVerificationMutation();

  const handleResend = () =>
    resend.mutate(profile.email, {
      onSuccess: (answer) => notify('success', text(fromServerText(answer.message))),
      onError: (error) => notify('error', text(errorMessageOr(error, 'profile.resendFailed'))),
    });

  return (
    <ProfileSection title={t('profile.security')} testId="profile-security">
      <Stack gap="md">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('profile.emailVerification')}
          </Text>
          {profile.email_verified ? (
            <Badge color="teal" variant="light" leftSection={<BadgeCheck size={14} />} data-testid="email-verified">
              {t('profile.verified')}
            </Badge>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Badge
                color="orange"
                variant="light"
                leftSection={<CircleAlert size={14} />}
                data-testid="email-unverified"
              >
                {t('profile.notVerified')}
              </Badge>
              <Button
                size="xs"
                variant="light"
                leftSection={<MailCheck size={14} />}
                loading={resend.isPending}
                onClick={handleResend}
              >
                {t('profile.sendVerification')}
              </Button>
            </Stack>
          )}
        </Stack>
        <Divider />
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('profile.password.title')}
            </Text>
            <Button
              size="xs"
              variant={passwordOpen ? 'default' : 'light'}
              leftSection={passwordOpen ? <X size={14} /> : <KeyRound size={14} />}
              onClick={() => setPasswordOpen((open) => !open)}
              aria-expanded={passwordOpen}
              data-testid="change-password-toggle"
            >
              {passwordOpen ? t('profile.cancel') : t('profile.password.open')}
            </Button>
          </Group>
          <Collapse expanded={passwordOpen}>
            {passwordOpen ? <ChangePasswordForm onDone={() => setPasswordOpen(false)} /> : null}
          </Collapse>
        </Stack>
      </Stack>
    </ProfileSection>
  );
}

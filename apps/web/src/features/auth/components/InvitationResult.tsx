import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  CircleCheck,
  CircleX,
  Clock,
  Link2Off,
  LogIn,
  type LucideIcon,
  MailQuestion,
  MailX,
  UserPlus,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  INVITATION_ERROR_REASONS,
  type InvitationErrorReason,
  parseInvitationReason,
  parseInvitationRole,
} from '../links.ts';
import { AuthHeader } from './AuthHeader.tsx';

const REASON_ICONS: Record<InvitationErrorReason, LucideIcon> = {
  expired: Clock,
  answered: MailQuestion,
  invalid: Link2Off,
};

/**
 * Accepted: thanks, next steps, sign in or create an account. A chair's or an event admin's invitation
 * (`?role=chair|event_admin|area_chair`, an area chair's too) is thanked and continued in its own words.
 */
export function InvitationAccepted() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const role = parseInvitationRole(search.get('role'));
  return (
    <>
      <AuthHeader
        icon={CircleCheck}
        color="teal"
        title={t('pages.reviewerInvitationAccepted.title')}
        description={
          role === 'chair'
            ? t('pages.reviewerInvitationAccepted.descriptionChair')
            : role === 'event_admin'
              ? t('pages.reviewerInvitationAccepted.descriptionEventAdmin')
              : role === 'area_chair'
                ? t('pages.reviewerInvitationAccepted.descriptionAreaChair')
                : t('pages.reviewerInvitationAccepted.description')
        }
      />
      <Stack gap="lg">
        <div>
          <Title order={2} fz="md" mb="xs">
            {t('invitation.nextStepsTitle')}
          </Title>
          <List type="ordered" spacing="xs" size="sm">
            <List.Item>{t('invitation.nextStepAccount')}</List.Item>
            <List.Item>{t('invitation.nextStepVerify')}</List.Item>
            <List.Item>{role ? t('invitation.nextStepEvent') : t('invitation.nextStepReviews')}</List.Item>
          </List>
        </div>
        <Group grow>
          <Button component={Link} to="/login" leftSection={<LogIn size={16} />}>
            {t('invitation.signIn')}
          </Button>
          <Button component={Link} to="/register" variant="light" leftSection={<UserPlus size={16} />}>
            {t('invitation.createAccount')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}

/**
 * Declined: recorded, organizers notified (a reviewer's decline is mailed to them; a chair's or an event admin's shows
 * on the event's committee page), contact them to change your mind.
 */
export function InvitationDeclined() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const role = parseInvitationRole(search.get('role'));
  return (
    <>
      <AuthHeader
        icon={MailX}
        color="gray"
        title={t('pages.reviewerInvitationDeclined.title')}
        description={
          role
            ? t('pages.reviewerInvitationDeclined.descriptionOrganizer')
            : t('pages.reviewerInvitationDeclined.description')
        }
      />
      <Stack gap="lg">
        <Text size="sm">{t('invitation.declinedChangeMind')}</Text>
        <Text size="sm" c="dimmed">
          {t('invitation.declinedThanks')}
        </Text>
        <Button component={Link} to="/" variant="light">
          {t('common.backToHome')}
        </Button>
      </Stack>
    </>
  );
}

/**
 * Error: the possible causes (expired, already answered, invalid or corrupted), the one named by `?reason=`
 * highlighted, and the advice to contact the organizers.
 */
export function InvitationError() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const reason = parseInvitationReason(search.get('reason'));
  return (
    <>
      <AuthHeader
        icon={CircleX}
        color="red"
        title={t('pages.reviewerInvitationError.title')}
        description={reason ? t(`invitation.reasonSummary.${reason}`) : t('pages.reviewerInvitationError.description')}
      />
      <Stack gap="lg">
        <div>
          <Title order={2} fz="md" mb="sm">
            {t('invitation.causesTitle')}
          </Title>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {INVITATION_ERROR_REASONS.map((cause) => {
              const Icon = REASON_ICONS[cause];
              const highlighted = cause === reason;
              return (
                <Paper
                  key={cause}
                  component="li"
                  withBorder
                  p="sm"
                  radius="md"
                  bg={highlighted ? 'red.0' : undefined}
                  bd={highlighted ? '1px solid var(--mantine-color-red-4)' : undefined}
                  aria-current={highlighted ? 'true' : undefined}
                  data-testid={`invitation-cause-${cause}`}
                  data-highlighted={highlighted || undefined}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={32} radius="xl" variant="light" color={highlighted ? 'red' : 'gray'}>
                      <Icon size={16} />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Text size="sm" fw={highlighted ? 700 : 600}>
                        {t(`invitation.causes.${cause}.title`)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t(`invitation.causes.${cause}.text`)}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </div>
        <Text size="sm">{t('invitation.contactOrganizers')}</Text>
        <Button component={Link} to="/" variant="light">
          {t('common.backToHome')}
        </Button>
      </Stack>
    </>
  );
}

/** `/reviewer-invitation`: what an invitation link does, for someone who lands here without one. */
export function InvitationInfo() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeader
        icon={MailQuestion}
        title={t('pages.reviewerInvitation.title')}
        description={t('pages.reviewerInvitation.description')}
      />
      <Stack gap="lg">
        <Text size="sm">{t('invitation.infoText')}</Text>
        <Group grow>
          <Button component={Link} to="/login" leftSection={<LogIn size={16} />}>
            {t('invitation.signIn')}
          </Button>
          <Button component={Link} to="/register" variant="light" leftSection={<UserPlus size={16} />}>
            {t('invitation.createAccount')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}

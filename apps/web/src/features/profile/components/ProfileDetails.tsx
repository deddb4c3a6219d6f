import { BIO_MAX_LENGTH, countryName, type ProfileDto } from '@confero/contracts';
import {
  Anchor,
  Group,
  Paper,
  Pill,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { BadgeCheck, Globe, type LucideIcon, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_DIR, USER_INPUT_CLASS_NAMES, UserText } from '../../../components/data/UserText.tsx';
import { CountrySelect } from '../../../components/forms/CountrySelect.tsx';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { bioCounter, expertiseChips, type ProfileFormValues } from '../profile-form.ts';
import { InfoItem } from './InfoItem.tsx';

type SectionProps = { title: string; icon?: LucideIcon; children: ReactNode; testId?: string };

export function ProfileSection({ title, children, testId }: SectionProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function ExpertiseChips({ expertise }: { expertise: string }) {
  const chips = expertiseChips(expertise);
  if (chips.length === 0) return null;
  return (
    <Group gap={6} data-testid="expertise-chips">
      {chips.map((chip) => (
        <Pill key={chip} size="md" bg="brand.0" c="brand.8" {...USER_DIR}>
          {chip}
        </Pill>
      ))}
    </Group>
  );
}

const COUNTER_COLORS = { ok: 'dimmed', warning: 'yellow.8', over: 'red.7' } as const;

type DetailsProps = { profile: ProfileDto; form: UseFormReturnType<ProfileFormValues>; editing: boolean };

/** Personal and professional information and the biography, read-only or as the edit form. */
export function ProfileDetails({ profile, form, editing }: DetailsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const counter = bioCounter(form.values.bio);

  const emailValue = (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" span data-testid="profile-email">
        {profile.email}
      </Text>
      {profile.email_verified ? (
        <Tooltip label={t('profile.emailVerified')}>
          <BadgeCheck size={16} color="var(--mantine-color-teal-6)" aria-label={t('profile.emailVerified')} />
        </Tooltip>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="lg">
      <ProfileSection title={t('profile.personalInfo')} testId="profile-personal">
        {editing ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('register.firstName')}
                withAsterisk
                autoComplete="given-name"
                classNames={USER_INPUT_CLASS_NAMES}
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label={t('register.lastName')}
                withAsterisk
                autoComplete="family-name"
                classNames={USER_INPUT_CLASS_NAMES}
                {...form.getInputProps('last_name')}
              />
            </SimpleGrid>
            <TextInput
              label={t('register.email')}
              value={profile.email}
              classNames={LTR_VALUE_CLASS_NAMES}
              readOnly
              variant="filled"
              description={t('profile.emailReadOnly')}
              leftSection={<Mail size={16} />}
              rightSection={
                profile.email_verified ? (
                  <BadgeCheck size={16} color="var(--mantine-color-teal-6)" aria-label={t('profile.emailVerified')} />
                ) : null
              }
            />
            <CountrySelect
              label={t('register.country')}
              clearable
              {...form.getInputProps('country')}
              value={form.values.country}
              onChange={(code) => form.setFieldValue('country', code)}
            />
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <InfoItem label={t('register.firstName')} testId="profile-first-name" userText>
              {profile.first_name}
            </InfoItem>
            <InfoItem label={t('register.lastName')} testId="profile-last-name" userText>
              {profile.last_name}
            </InfoItem>
            <InfoItem label={t('register.email')}>{emailValue}</InfoItem>
            <InfoItem label={t('register.country')} testId="profile-country">
              {profile.country ? countryName(profile.country, language) : ''}
            </InfoItem>
          </SimpleGrid>
        )}
      </ProfileSection>

      <ProfileSection title={t('profile.professionalInfo')} testId="profile-professional">
        {editing ? (
          <Stack gap="md">
            <TextInput
              label={t('register.affiliation')}
              classNames={USER_INPUT_CLASS_NAMES}
              {...form.getInputProps('affiliation')}
            />
            <Stack gap={6}>
              <TextInput
                label={t('profile.expertise')}
                description={t('profile.expertiseHint')}
                placeholder={t('profile.expertisePlaceholder')}
                classNames={USER_INPUT_CLASS_NAMES}
                {...form.getInputProps('expertise')}
              />
              <ExpertiseChips expertise={form.values.expertise} />
            </Stack>
            <TextInput
              type="url"
              classNames={LTR_VALUE_CLASS_NAMES}
              label={t('profile.website')}
              placeholder="https://"
              leftSection={<Globe size={16} />}
              {...form.getInputProps('website')}
            />
          </Stack>
        ) : (
          <Stack gap="lg">
            <InfoItem label={t('register.affiliation')} userText>
              {profile.affiliation}
            </InfoItem>
            <InfoItem label={t('profile.expertise')}>
              {profile.expertise ? <ExpertiseChips expertise={profile.expertise} /> : ''}
            </InfoItem>
            <InfoItem label={t('profile.website')} testId="profile-website">
              {profile.website ? (
                <Anchor href={profile.website} target="_blank" rel="noopener noreferrer" size="sm">
                  {profile.website}
                </Anchor>
              ) : (
                ''
              )}
            </InfoItem>
          </Stack>
        )}
      </ProfileSection>

      <ProfileSection title={t('profile.biography')} testId="profile-biography">
        {editing ? (
          <Stack gap={6}>
            <Textarea
              aria-label={t('profile.biography')}
              placeholder={t('profile.bioPlaceholder')}
              autosize
              minRows={4}
              maxRows={12}
              classNames={USER_INPUT_CLASS_NAMES}
              {...form.getInputProps('bio')}
              error={counter.state === 'over' ? t('profile.bioTooLong', { max: BIO_MAX_LENGTH }) : undefined}
            />
            <Text
              size="xs"
              c={COUNTER_COLORS[counter.state]}
              ta="end"
              data-testid="bio-counter"
              data-state={counter.state}
            >
              {counter.remaining >= 0
                ? t('profile.bioRemaining', { count: counter.remaining })
                : t('profile.bioOver', { count: -counter.remaining })}
            </Text>
          </Stack>
        ) : (
          <UserText size="sm" multiline c={profile.bio ? undefined : 'dimmed'} data-testid="profile-bio">
            {profile.bio || t('profile.noBio')}
          </UserText>
        )}
      </ProfileSection>
    </Stack>
  );
}

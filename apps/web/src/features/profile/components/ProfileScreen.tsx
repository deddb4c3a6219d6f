import { Button, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/data/QueryView.tsx';
import {
  errorBody,
  fieldMessages,
  firstText,
  fromServerText,
  useMessageText,
} from '../../../components/feedback/message.ts';
import { notify } from '../../../components/feedback/notify.tsx';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { profileQuery, useUpdateProfileMutation } from '../api.ts';
import {
  bioCounter,
  PROFILE_FIELDS,
  type ProfileFormValues,
  profileFormValues,
  profileUpdateBody,
} from '../profile-form.ts';
import { AccountSecurity } from './AccountSecurity.tsx';
import { ActivityOverview } from './ActivityOverview.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';

const BLANK: ProfileFormValues = {
  first_name: '',
  last_name: '',
  country: '',
  affiliation: '',
  expertise: '',
  bio: '',
  website: '',
};

/** The profile screen: view mode, edit mode, activity and account security. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { text, fieldLine } = useMessageText();
  const { refreshUser } = useAuth();
  const profile = useQuery(profileQuery());
  const update = useUpdateProfileMutation();
  const [editing, setEditing] = useState(false);

  const form = useForm<ProfileFormValues>({
    initialValues: BLANK,
    validate: {
      first_name: (value) => (value.trim() ? null : t('validation.required')),
      last_name: (value) => (value.trim() ? null : t('validation.required')),
    },
  });

  const startEditing = () => {
    if (!profile.data) return;
    form.setValues(profileFormValues(profile.data));
    form.resetDirty();
    form.clearErrors();
    setEditing(true);
  };

  const handleToggleEdit = () => (editing ? setEditing(false) : startEditing());

  const handleSubmit = form.onSubmit((values) => {
    if (bioCounter(values.bio).state === 'over') return;
    update.mutate(profileUpdateBody(values), {
      onSuccess: () => {
        notify('success', t('profile.updateSuccess'));
        setEditing(false);
        // The sidebar and the top bar show the name: read it again.
        void refreshUser();
      },
      onError: (error) => {
        const lines = fieldMessages(error);
        const errors: Record<string, string> = {};
        for (const line of lines) {
          if ((PROFILE_FIELDS as readonly string[]).includes(line.field)) errors[line.field] = text(line.message);
        }
        form.setErrors(errors);
        const serverError = firstText(errorBody(error).error);
        const unplaced = lines.filter((line) => !(line.field in errors)).map(fieldLine);
        notify(
          'error',
          serverError ? text(fromServerText(serverError)) : [t('profile.updateError'), ...unplaced].join('\n'),
        );
      },
    });
  });

  const header = <PageHeader title={t('pages.profile.title')} description={t('pages.profile.description')} />;

  const overLimit = bioCounter(form.values.bio).state === 'over';

  return (
    <>
      {header}
      <QueryView
        query={profile}
        loading={
          <Stack gap="lg" data-testid="profile-loading">
            <Skeleton height={120} radius="lg" />
            <Skeleton height={240} radius="lg" />
          </Stack>
        }
        failure={t('profile.loadError')}
        failureTestId="profile-load-error"
      >
        {(data) => (
          <Stack gap="lg">
            <ProfileHeader profile={data} editing={editing} onToggleEdit={handleToggleEdit} />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
                <form onSubmit={handleSubmit} noValidate>
                  <Stack gap="lg">
                    <ProfileDetails profile={data} form={form} editing={editing} />
                    {editing ? (
                      <Group justify="flex-end" gap="sm">
                        <Button variant="default" onClick={() => setEditing(false)}>
                          {t('profile.cancel')}
                        </Button>
                        <Button
                          type="submit"
                          leftSection={<Save size={16} />}
                          loading={update.isPending}
                          disabled={overLimit}
                          data-testid="profile-save"
                        >
                          {t('profile.save')}
                        </Button>
                      </Group>
                    ) : null}
                  </Stack>
                </form>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
                <Stack gap="lg">
                  <ActivityOverview />
                  <AccountSecurity profile={data} />
                </Stack>
              </Grid.Col>
            </Grid>
          </Stack>
        )}
      </QueryView>
    </>
  );
}

import type { RegisterBody } from '@confero/contracts';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { Building2, CircleAlert, Mail, MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { fromServerText, type Message, useMessageText } from '../../../components/feedback/message.ts';
import { CountrySelect } from '../../../components/forms/CountrySelect.tsx';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import { useRegisterMutation } from '../api.ts';
import { type RegistrationError, registrationError } from '../errors.ts';
import { AuthHeader } from './AuthHeader.tsx';

const EMPTY: RegisterBody = {
  first_name: '',
  last_name: '',
  email: '',
  affiliation: '',
  country: '',
  password: '',
  password2: '',
};

/** What replaces the form once the account exists. */
function RegistrationSuccess({ message, email }: { message: Message; email: string }) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  return (
    <Stack align="center" ta="center" gap="md" data-testid="register-success" role="status">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden="true">
        <MailCheck size={32} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('register.successTitle')}
      </Title>
      <Text>{text(message)}</Text>
      <Text size="sm" c="dimmed">
        {t('register.sentTo', { email })}
      </Text>
      <Alert color="brand" variant="light" w="100%" ta="start">
        {t('register.closeWindowHint')}
      </Alert>
      <Button component={Link} to="/login" variant="light">
        {t('register.goToSignIn')}
      </Button>
    </Stack>
  );
}

/**
 * Sign up: every field required; a password mismatch is reported here and nothing is sent; the server's per-field
 * problems are listed one per line as 'Field Name: message'.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const { text, fieldLine } = useMessageText();
  const register = useRegisterMutation();
  const [problem, setProblem] = useState<RegistrationError | null>(null);
  const required = isNotEmpty(t('validation.required'));

  const form = useForm<RegisterBody>({
    initialValues: EMPTY,
    validate: {
      first_name: (value) => required(value.trim()),
      last_name: (value) => required(value.trim()),
      email: (value) => required(value.trim()) ?? isEmail(t('validation.invalidEmail'))(value.trim()),
      affiliation: (value) => required(value.trim()),
      country: required,
      password: required,
      password2: required,
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    setProblem(null);
    if (values.password !== values.password2) {
      setProblem({ message: { key: 'auth.passwordsDoNotMatch' }, lines: [] });
      form.setFieldError('password2', true);
      return;
    }
    const body: RegisterBody = {
      ...values,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      affiliation: values.affiliation.trim(),
    };
    register.mutate(body, {
      onError: (error) => {
        const found = registrationError(error);
        setProblem(found);
        const marked: Record<string, boolean> = {};
        for (const line of found.lines) if (line.field in EMPTY) marked[line.field] = true;
        if (found.message && 'key' in found.message && found.message.key === 'auth.emailAlreadyExists') {
          marked.email = true;
        }
        form.setErrors(marked);
      },
    });
  });

  if (register.isSuccess) {
    return <RegistrationSuccess message={fromServerText(register.data.message)} email={register.data.user.email} />;
  }

  return (
    <>
      <AuthHeader icon={UserPlus} title={t('pages.register.title')} description={t('pages.register.description')} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="register-error">
              <Stack gap={4}>
                {problem.message ? <Text size="sm">{text(problem.message)}</Text> : null}
                {problem.lines.length > 0 ? (
                  <List size="sm" spacing={2} listStyleType="none" data-testid="register-error-lines">
                    {problem.lines.map((line, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their place.
                      <List.Item key={index}>{fieldLine(line)}</List.Item>
                    ))}
                  </List>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('register.firstName')}
              autoComplete="given-name"
              withAsterisk
              classNames={USER_INPUT_CLASS_NAMES}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('register.lastName')}
              autoComplete="family-name"
              withAsterisk
              classNames={USER_INPUT_CLASS_NAMES}
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <TextInput
            type="email"
            classNames={LTR_VALUE_CLASS_NAMES}
            label={t('register.email')}
            placeholder={t('login.emailPlaceholder')}
            autoComplete="email"
            withAsterisk
            leftSection={<Mail size={16} />}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('register.affiliation')}
            placeholder={t('register.affiliationPlaceholder')}
            autoComplete="organization"
            withAsterisk
            leftSection={<Building2 size={16} />}
            classNames={USER_INPUT_CLASS_NAMES}
            {...form.getInputProps('affiliation')}
          />
          <CountrySelect
            label={t('register.country')}
            withAsterisk
            {...form.getInputProps('country')}
            value={form.values.country}
            onChange={(code) => form.setFieldValue('country', code)}
          />
          <PasswordField
            label={t('register.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('register.password2')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password2')}
          />
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Divider my="lg" />
      <Text ta="center" size="sm" c="dimmed">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to="/login" fw={600}>
          {t('register.signIn')}
        </Anchor>
      </Text>
    </>
  );
}

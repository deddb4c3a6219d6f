import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { ArrowDown, ArrowUp, CircleAlert, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_INPUT_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { CountrySelect } from '../../../components/forms/CountrySelect.tsx';
import type { AuthorFormValues } from './submission-form.ts';
import { fieldAnchorId } from './use-submission-form.ts';

type AuthorTextName = 'first_name' | 'last_name' | 'email' | 'affiliation' | 'webpage';

/** One text field of an author card; every one but the web page is required. Values read left to right. */
function AuthorTextField({
  name,
  label,
  type,
  placeholder,
  optional,
  author,
  onChange,
  disabled,
}: {
  name: AuthorTextName;
  label: string;
  type?: 'email' | 'url';
  placeholder?: string;
  optional?: boolean;
  author: AuthorFormValues;
  onChange: AuthorsEditorProps['onChange'];
  disabled?: boolean;
}) {
  return (
    <TextInput
      type={type}
      label={label}
      placeholder={placeholder}
      withAsterisk={!optional}
      value={author[name]}
      onChange={(event) => onChange(author.key, { [name]: event.currentTarget.value })}
      disabled={disabled}
      autoComplete="off"
      classNames={USER_INPUT_CLASS_NAMES}
    />
  );
}

type AuthorsEditorProps = {
  authors: AuthorFormValues[];
  onChange: (key: string, changes: Partial<Omit<AuthorFormValues, 'key' | 'is_corresponding'>>) => void;
  onSetCorresponding: (key: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  onMove: (key: string, delta: -1 | 1) => void;
  error?: string;
  /** The author the error is about. */
  errorIndex?: number;
  disabled?: boolean;
};

/**
 * The authors of a paper: first and last name, e-mail, affiliation, country and web page for each, in order. Authors
 * can be added, removed and moved; exactly one is the corresponding author (choosing one clears the others; removing
 * them makes the first remaining author corresponding); at least one stays.
 */
export function AuthorsEditor({
  authors,
  onChange,
  onSetCorresponding,
  onAdd,
  onRemove,
  onMove,
  error,
  errorIndex,
  disabled,
}: AuthorsEditorProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" id={fieldAnchorId('authors')}>
      {error && errorIndex === undefined ? (
        <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="authors-error">
          {error}
        </Alert>
      ) : null}
      <Radio.Group
        value={authors.find((author) => author.is_corresponding)?.key ?? null}
        onChange={onSetCorresponding}
        aria-label={t('submissions.form.correspondingAuthor')}
      >
        <Stack gap="md">
          {authors.map((author, index) => {
            const number = index + 1;
            const hasError = error !== undefined && errorIndex === index;
            const field = (name: string) => t(`submissions.form.author.${name}` as 'submissions.form.author.firstName');
            const row = { author, onChange, disabled };
            return (
              <Paper
                key={author.key}
                withBorder
                radius="md"
                p={{ base: 'sm', sm: 'md' }}
                id={`${fieldAnchorId('authors')}-${index}`}
                data-testid="author-card"
                style={hasError ? { borderColor: 'var(--mantine-color-error)' } : undefined}
              >
                <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
                  <Group gap="sm" wrap="nowrap">
                    <Text fw={650} size="sm">
                      {t('submissions.form.authorNumber', { number })}
                    </Text>
                    {author.is_corresponding ? (
                      <Badge size="sm" variant="light" color="teal" data-testid="corresponding-badge">
                        {t('submissions.form.corresponding')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <Radio
                      value={author.key}
                      label={t('submissions.form.correspondingAuthor')}
                      disabled={disabled}
                      size="sm"
                      me="xs"
                      aria-label={t('submissions.form.makeCorresponding', { number })}
                    />
                    <Tooltip label={t('submissions.form.moveUp')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => onMove(author.key, -1)}
                        disabled={disabled || index === 0}
                        aria-label={t('submissions.form.moveUpNamed', { number })}
                      >
                        <ArrowUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('submissions.form.moveDown')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => onMove(author.key, 1)}
                        disabled={disabled || index === authors.length - 1}
                        aria-label={t('submissions.form.moveDownNamed', { number })}
                      >
                        <ArrowDown size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('submissions.form.removeAuthor')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onRemove(author.key)}
                        disabled={disabled || authors.length <= 1}
                        aria-label={t('submissions.form.removeAuthorNamed', { number })}
                      >
                        <Trash2 size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                  <AuthorTextField name="first_name" label={field('firstName')} {...row} />
                  <AuthorTextField name="last_name" label={field('lastName')} {...row} />
                  <AuthorTextField name="email" type="email" label={field('email')} {...row} />
                  <AuthorTextField name="affiliation" label={field('affiliation')} {...row} />
                  <CountrySelect
                    label={field('country')}
                    withAsterisk
                    value={author.country}
                    onChange={(code) => onChange(author.key, { country: code })}
                    disabled={disabled}
                  />
                  <AuthorTextField
                    name="webpage"
                    type="url"
                    label={field('webpage')}
                    placeholder="https://"
                    optional
                    {...row}
                  />
                </SimpleGrid>
                {hasError ? (
                  <Text c="red" size="sm" mt="sm" role="alert" data-testid="authors-error">
                    {error}
                  </Text>
                ) : null}
              </Paper>
            );
          })}
        </Stack>
      </Radio.Group>
      <Group>
        <Button variant="light" leftSection={<Plus size={16} />} onClick={onAdd} disabled={disabled}>
          {t('submissions.form.addAuthor')}
        </Button>
      </Group>
    </Stack>
  );
}

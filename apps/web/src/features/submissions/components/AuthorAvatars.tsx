import { Avatar, Stack, Text, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { UserInline } from '../../../components/data/UserText.tsx';
import { initials, preview } from '../submission-display.ts';

const AVATAR_COLORS = ['brand', 'teal', 'grape', 'orange', 'cyan', 'pink'] as const;

/** A colour per name, stable across renders. */
function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? 'brand';
}

/**
 * The authors of a list row: at most three avatars with two-letter initials and a '+N' avatar, then the first three
 * names and '+N'.
 */
export function AuthorAvatars({ names }: { names: string[] }) {
  const { t } = useTranslation();
  const avatars = preview(names);
  const listed = preview(names);
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        -
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="submission-authors">
      <Tooltip.Group openDelay={200} closeDelay={50}>
        <Avatar.Group spacing={6}>
          {avatars.shown.map((name) => (
            <Tooltip key={name} label={<UserInline>{name}</UserInline>} withArrow>
              <Avatar size={30} radius="xl" color={colorOf(name)} alt={name} data-testid="author-avatar">
                {initials(name)}
              </Avatar>
            </Tooltip>
          ))}
          {avatars.more > 0 ? (
            <Avatar size={30} radius="xl" color="gray" data-testid="author-avatar-more">
              {t('submissions.list.more', { count: avatars.more })}
            </Avatar>
          ) : null}
        </Avatar.Group>
      </Tooltip.Group>
      <Text size="xs" c="dimmed" lh={1.35}>
        {listed.shown.map((name, index) => (
          <Fragment key={name}>
            {index > 0 ? ', ' : null}
            <UserInline>{name}</UserInline>
          </Fragment>
        ))}
        {listed.more > 0 ? ` ${t('submissions.list.more', { count: listed.more })}` : ''}
      </Text>
    </Stack>
  );
}

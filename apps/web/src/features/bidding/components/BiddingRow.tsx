import type { BiddingItemDto } from '@confero/contracts';
import { Anchor, Badge, Divider, Group, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { Ban, EyeOff, FolderKanban, UsersRound } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_DIR, UserInline, UserText } from '../../../components/data/UserText.tsx';
import type { BiddingNavState } from '../bid-display.ts';
import { BidControl } from './BidControl.tsx';

/** How tall the abstract is before "Show more" (about three lines). */
const ABSTRACT_PREVIEW_PX = 68;

/**
 * One paper of the bidding list: title (to its bid page), track, conflict badge, authors unless the event is
 * double-blind, keywords, the abstract clamped with "Show more", and the inline bid control.
 */
export function BiddingRow({
  item,
  nav,
  closed,
}: {
  item: BiddingItemDto;
  /** Handed to the bid page so it can go back to this list and move to the next paper. */
  nav: BiddingNavState;
  closed: boolean;
}) {
  const { t } = useTranslation();
  const keywords = item.keywords_list.filter((keyword) => keyword.trim() !== '');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      data-testid="bidding-row"
      data-submission={item.public_id}
      data-bid={item.bid ?? ''}
      data-conflict={item.conflict || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Anchor
            component={Link}
            to={`/submissions/${encodeURIComponent(item.public_id)}/bid`}
            state={{ bidding: nav }}
            fw={600}
            size="md"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="bidding-row-title"
            {...USER_DIR}
          >
            {item.title}
          </Anchor>
          <Group gap={6} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
            {item.conflict ? (
              <Badge
                color="red"
                variant="light"
                leftSection={<Ban size={12} />}
                tt="none"
                data-testid="bidding-conflict-badge"
              >
                {t('bidding.list.conflictBadge')}
              </Badge>
            ) : null}
            {item.track_name ? (
              <Badge color="gray" variant="outline" leftSection={<FolderKanban size={12} />} tt="none">
                <UserInline>{item.track_name}</UserInline>
              </Badge>
            ) : null}
          </Group>
        </Group>

        {item.authors_hidden ? (
          <Group gap={6} wrap="nowrap" data-testid="bidding-row-authors-hidden">
            <EyeOff size={14} color="var(--mantine-color-dimmed)" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {t('bidding.list.authorsHidden')}
            </Text>
          </Group>
        ) : item.authors.length > 0 ? (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="bidding-row-authors">
            <UsersRound size={14} color="var(--mantine-color-dimmed)" aria-hidden="true" style={{ marginTop: 3 }} />
            <Text size="sm" c="dimmed">
              {item.authors.map((author, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: authors of one paper in byline order, read only
                <Fragment key={index}>
                  {index > 0 ? t('bidding.list.authorSeparator') : null}
                  <UserInline>{author.full_name}</UserInline>
                  {author.affiliation ? (
                    <>
                      {' ('}
                      <UserInline>{author.affiliation}</UserInline>)
                    </>
                  ) : null}
                </Fragment>
              ))}
            </Text>
          </Group>
        ) : null}

        {keywords.length > 0 ? (
          <Group gap={6} wrap="wrap" data-testid="bidding-row-keywords">
            {keywords.map((keyword) => (
              <Badge key={keyword} variant="light" radius="sm" tt="none" fw={500} size="sm" {...USER_DIR}>
                {keyword}
              </Badge>
            ))}
          </Group>
        ) : null}

        {item.abstract.trim() ? (
          <Spoiler
            maxHeight={ABSTRACT_PREVIEW_PX}
            showLabel={t('bidding.list.showMore')}
            hideLabel={t('bidding.list.showLess')}
            data-testid="bidding-row-abstract"
            styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
          >
            <UserText size="sm" lh={1.6} multiline>
              {item.abstract}
            </UserText>
          </Spoiler>
        ) : null}

        <Divider />
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('bidding.control.label')}
          </Text>
          <BidControl
            submissionId={item.public_id}
            value={item.bid}
            conflict={item.conflict}
            closed={closed}
            variant="compact"
            title={item.title}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

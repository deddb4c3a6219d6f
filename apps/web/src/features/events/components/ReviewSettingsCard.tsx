import {
  AUTHORS_SEE_REVIEWS,
  BLIND_MODES,
  type EventDto,
  OTHER_REVIEWS_VISIBILITY,
  type ReviewSettings,
} from '@confero/contracts';
import { Button, DataList, Group, NumberInput, Select, Stack } from '@mantine/core';
import { Pencil, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useUpdateEventMutation } from '../api.ts';
import { useEventText } from '../use-event-text.ts';

const REVIEWERS_PER_PAPER_MIN = 1;
const REVIEWERS_PER_PAPER_MAX = 20;

/**
 * How the event runs its reviews: blind mode, when reviewers see the other reviews, reviewers per paper, when authors
 * see their reviews. Shown to the event's staff; its organizers (ability `update`) change it with `PATCH events/{id}/`
 * {review_settings}.
 */
export function ReviewSettingsCard({
  event,
  eventId,
  settings,
}: {
  event: EventDto;
  eventId: string;
  settings: ReviewSettings;
}) {
  const { t } = useTranslation();
  const { failureText } = useEventText();
  const update = useUpdateEventMutation(eventId);
  const [draft, setDraft] = useState<ReviewSettings | null>(null);

  const handleSave = () => {
    if (!draft) return;
    update.mutate(
      { review_settings: draft },
      {
        onSuccess: () => {
          notify('success', t('events.settings.saved'));
          setDraft(null);
        },
        onError: (error) => notify('error', failureText(t('events.settings.saveFailed'), error)),
      },
    );
  };

  const editButton =
    event.abilities.update && !draft ? (
      <Button size="xs" variant="light" leftSection={<Pencil size={14} />} onClick={() => setDraft(settings)}>
        {t('events.common.edit')}
      </Button>
    ) : undefined;

  return (
    <DetailCard
      title={t('events.settings.title')}
      icon={SlidersHorizontal}
      actions={editButton}
      data-testid="review-settings"
    >
      {draft ? (
        <Stack gap="sm">
          <Select
            label={t('events.settings.blindMode')}
            data={BLIND_MODES.map((value) => ({ value, label: t(`events.settings.blind.${value}`) }))}
            value={draft.blind_mode}
            onChange={(value) => value && setDraft({ ...draft, blind_mode: value as ReviewSettings['blind_mode'] })}
            allowDeselect={false}
          />
          <Select
            label={t('events.settings.otherReviews')}
            data={OTHER_REVIEWS_VISIBILITY.map((value) => ({ value, label: t(`events.settings.other.${value}`) }))}
            value={draft.reviewers_see_other_reviews}
            onChange={(value) =>
              value &&
              setDraft({
                ...draft,
                reviewers_see_other_reviews: value as ReviewSettings['reviewers_see_other_reviews'],
              })
            }
            allowDeselect={false}
          />
          <NumberInput
            label={t('events.settings.reviewersPerPaper')}
            min={REVIEWERS_PER_PAPER_MIN}
            max={REVIEWERS_PER_PAPER_MAX}
            clampBehavior="strict"
            allowDecimal={false}
            value={draft.reviewers_per_paper}
            onChange={(value) =>
              setDraft({ ...draft, reviewers_per_paper: typeof value === 'number' ? value : REVIEWERS_PER_PAPER_MIN })
            }
          />
          <Select
            label={t('events.settings.authorsSeeReviews')}
            data={AUTHORS_SEE_REVIEWS.map((value) => ({ value, label: t(`events.settings.authors.${value}`) }))}
            value={draft.authors_see_reviews}
            onChange={(value) =>
              value && setDraft({ ...draft, authors_see_reviews: value as ReviewSettings['authors_see_reviews'] })
            }
            allowDeselect={false}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="xs" onClick={() => setDraft(null)} disabled={update.isPending}>
              {t('events.common.cancel')}
            </Button>
            <Button size="xs" onClick={handleSave} loading={update.isPending}>
              {t('events.common.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <DataList orientation="vertical" size="sm" gap="xs" styles={{ item: { alignItems: 'stretch' } }}>
          <DataList.Item>
            <DataList.ItemLabel>{t('events.settings.blindMode')}</DataList.ItemLabel>
            <DataList.ItemValue>{t(`events.settings.blind.${settings.blind_mode}`)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('events.settings.otherReviews')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {t(`events.settings.other.${settings.reviewers_see_other_reviews}`)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('events.settings.reviewersPerPaper')}</DataList.ItemLabel>
            <DataList.ItemValue>{settings.reviewers_per_paper}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('events.settings.authorsSeeReviews')}</DataList.ItemLabel>
            <DataList.ItemValue>{t(`events.settings.authors.${settings.authors_see_reviews}`)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
      )}
    </DetailCard>
  );
}

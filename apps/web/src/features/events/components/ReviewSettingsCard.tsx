import type { EventDto, ReviewSettings } from '@confero/contracts';
import { Button, DataList, Group, Stack } from '@mantine/core';
import { Pencil, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useUpdateEventMutation } from '../api.ts';
import { useEventText } from '../use-event-text.ts';
import { ReviewSettingsFields } from './ReviewSettingsFields.tsx';

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
          <ReviewSettingsFields value={draft} onChange={setDraft} />
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

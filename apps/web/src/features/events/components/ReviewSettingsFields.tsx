import { AUTHORS_SEE_REVIEWS, BLIND_MODES, OTHER_REVIEWS_VISIBILITY, type ReviewSettings } from '@confero/contracts';
import { NumberInput, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const REVIEWERS_PER_PAPER_MIN = 1;
const REVIEWERS_PER_PAPER_MAX = 20;

/** The settings chosen from a list (the other, `reviewers_per_paper`, is a number). */
type ChoiceSetting = Exclude<keyof ReviewSettings, 'reviewers_per_paper'>;

/**
 * The fields of an event's review settings: blind mode, when reviewers see the other reviews, reviewers per paper,
 * when authors see their reviews. Used by the review settings card and by the event's edit form.
 */
export function ReviewSettingsFields({
  value,
  onChange,
}: {
  value: ReviewSettings;
  onChange: (settings: ReviewSettings) => void;
}) {
  const { t } = useTranslation();
  const choices: Record<ChoiceSetting, { label: string; data: { value: string; label: string }[] }> = {
    blind_mode: {
      label: t('events.settings.blindMode'),
      data: BLIND_MODES.map((mode) => ({ value: mode, label: t(`events.settings.blind.${mode}`) })),
    },
    reviewers_see_other_reviews: {
      label: t('events.settings.otherReviews'),
      data: OTHER_REVIEWS_VISIBILITY.map((when) => ({ value: when, label: t(`events.settings.other.${when}`) })),
    },
    authors_see_reviews: {
      label: t('events.settings.authorsSeeReviews'),
      data: AUTHORS_SEE_REVIEWS.map((when) => ({ value: when, label: t(`events.settings.authors.${when}`) })),
    },
  };
  const choice = (key: ChoiceSetting) => (
    <Select
      label={choices[key].label}
      data={choices[key].data}
      value={value[key]}
      onChange={(picked) => {
        if (picked) onChange({ ...value, [key]: picked });
      }}
      allowDeselect={false}
    />
  );
  return (
    <>
      {choice('blind_mode')}
      {choice('reviewers_see_other_reviews')}
      <NumberInput
        label={t('events.settings.reviewersPerPaper')}
        min={REVIEWERS_PER_PAPER_MIN}
        max={REVIEWERS_PER_PAPER_MAX}
        clampBehavior="strict"
        allowDecimal={false}
        value={value.reviewers_per_paper}
        onChange={(count) =>
          onChange({ ...value, reviewers_per_paper: typeof count === 'number' ? count : REVIEWERS_PER_PAPER_MIN })
        }
      />
      {choice('authors_see_reviews')}
    </>
  );
}

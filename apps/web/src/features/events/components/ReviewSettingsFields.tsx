import { AUTHORS_SEE_REVIEWS, BLIND_MODES, OTHER_REVIEWS_VISIBILITY, type ReviewSettings } from '@confero/contracts';
import { NumberInput, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const REVIEWERS_PER_PAPER_MIN = 1;
const REVIEWERS_PER_PAPER_MAX = 20;

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
  const choose =
    <K extends keyof ReviewSettings>(key: K) =>
    (choice: string | null) => {
      if (choice) onChange({ ...value, [key]: choice as ReviewSettings[K] });
    };
  return (
    <>
      <Select
        label={t('events.settings.blindMode')}
        data={BLIND_MODES.map((mode) => ({ value: mode, label: t(`events.settings.blind.${mode}`) }))}
        value={value.blind_mode}
        onChange={choose('blind_mode')}
        allowDeselect={false}
      />
      <Select
        label={t('events.settings.otherReviews')}
        data={OTHER_REVIEWS_VISIBILITY.map((when) => ({ value: when, label: t(`events.settings.other.${when}`) }))}
        value={value.reviewers_see_other_reviews}
        onChange={choose('reviewers_see_other_reviews')}
        allowDeselect={false}
      />
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
      <Select
        label={t('events.settings.authorsSeeReviews')}
        data={AUTHORS_SEE_REVIEWS.map((when) => ({ value: when, label: t(`events.settings.authors.${when}`) }))}
        value={value.authors_see_reviews}
        onChange={choose('authors_see_reviews')}
        allowDeselect={false}
      />
    </>
  );
}

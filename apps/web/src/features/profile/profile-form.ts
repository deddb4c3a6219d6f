import { BIO_MAX_LENGTH, BIO_WARNING_REMAINING, type ProfileDto, type UpdateProfileBody } from '@confero/contracts';
import { fieldMessages, fromServerText, type Message, serverErrorText } from '../../components/feedback/message.ts';

/** The editable part of the profile: exactly the fields a save sends. */
export type ProfileFormValues = {
  first_name: string;
  last_name: string;
  country: string;
  affiliation: string;
  expertise: string;
  bio: string;
  website: string;
};

export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'country',
  'affiliation',
  'expertise',
  'bio',
  'website',
] as const satisfies readonly (keyof ProfileFormValues)[];

export function profileFormValues(profile: ProfileDto): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    country: profile.country,
    affiliation: profile.affiliation,
    expertise: profile.expertise,
    bio: profile.bio,
    website: profile.website ?? '',
  };
}

/** The PUT body: only first_name, last_name, country, affiliation, expertise, bio and website. */
export function profileUpdateBody(values: ProfileFormValues): UpdateProfileBody {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    country: values.country,
    affiliation: values.affiliation.trim(),
    expertise: values.expertise,
    bio: values.bio,
    website: values.website.trim(),
  };
}

/** "nlp, machine learning,, ir" → ['nlp', 'machine learning', 'ir']: the chips of the comma-separated text. */
export function expertiseChips(expertise: string): string[] {
  const seen = new Set<string>();
  const chips: string[] = [];
  for (const item of expertise.split(',')) {
    const chip = item.trim();
    if (chip && !seen.has(chip.toLowerCase())) {
      seen.add(chip.toLowerCase());
      chips.push(chip);
    }
  }
  return chips;
}

export type BioCounterState = 'ok' | 'warning' | 'over';

/**
 * The biography counter: the characters remaining of BIO_MAX_LENGTH; a warning under BIO_WARNING_REMAINING remaining,
 * over the limit when negative (saving is then disabled).
 */
export function bioCounter(bio: string): { remaining: number; state: BioCounterState } {
  const remaining = BIO_MAX_LENGTH - bio.length;
  const state: BioCounterState = remaining < 0 ? 'over' : remaining < BIO_WARNING_REMAINING ? 'warning' : 'ok';
  return { remaining, state };
}

/** The change-password failure: the rule the server names (translated), its `error` text, or the fallback. */
export function changePasswordError(error: unknown): Message {
  const [first] = fieldMessages(error);
  if (first) return first.message;
  const text = serverErrorText(error);
  return text ? fromServerText(text) : { key: 'profile.password.failed' };
}

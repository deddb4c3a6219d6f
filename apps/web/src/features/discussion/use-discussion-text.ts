import type { DiscussionAuthorDto, MentionableDto } from '@confero/contracts';
import { useTranslation } from 'react-i18next';
import { mentionOption, personName, roleLabel, type Translate } from './discussion-display.ts';

/** The discussion's names and roles in the interface language (`discussion-display.ts` bound to the translator). */
export function useDiscussionText() {
  const { t } = useTranslation();
  const translate = t as unknown as Translate;
  return {
    name: (person: DiscussionAuthorDto) => personName(person, translate),
    role: (person: DiscussionAuthorDto) => roleLabel(person, translate),
    option: (member: MentionableDto) => mentionOption(member, translate),
  };
}

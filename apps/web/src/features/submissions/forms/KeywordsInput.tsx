import { Pill, PillsInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_TEXT_CLASS } from '../../../components/data/UserText.tsx';
import { hasKeywordSeparator, KEYWORD_SEPARATOR_KEYS } from './submission-form.ts';

type KeywordsInputProps = {
  keywords: string[];
  /** Adds the keywords of a text (split on commas and semicolons; empties and repeats ignored). */
  onAdd: (text: string) => void;
  onRemove: (index: number) => void;
  minimum: number;
  error?: string;
  disabled?: boolean;
  id?: string;
};

/**
 * Keyword entry: Enter, a comma or a semicolon (Latin or Arabic) adds the typed keyword, trimmed; duplicates and
 * empties are ignored; pasted text holding commas or semicolons is split into keywords. Each keyword is a removable
 * chip. What is still typed when the field is left is added too, so it is not lost.
 */
export function KeywordsInput({ keywords, onAdd, onRemove, minimum, error, disabled, id }: KeywordsInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');

  const commit = (text: string) => {
    if (text.trim()) onAdd(text);
    setDraft('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || KEYWORD_SEPARATOR_KEYS.includes(event.key)) {
      event.preventDefault();
      commit(draft);
      return;
    }
    if (event.key === 'Backspace' && draft === '' && keywords.length > 0) onRemove(keywords.length - 1);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    if (!hasKeywordSeparator(pasted)) return;
    event.preventDefault();
    commit(`${draft}${pasted}`);
  };

  return (
    <PillsInput
      id={id}
      label={t('submissions.form.keywords')}
      description={t('submissions.form.keywordsHelp', { count: minimum })}
      withAsterisk
      error={error}
      disabled={disabled}
      data-testid="keywords-input"
    >
      <Pill.Group>
        {keywords.map((keyword, index) => (
          <Pill
            key={keyword}
            withRemoveButton={!disabled}
            onRemove={() => onRemove(index)}
            removeButtonProps={{ 'aria-label': t('submissions.form.removeKeyword', { keyword }) }}
            classNames={{ label: USER_TEXT_CLASS }}
            data-testid="keyword-chip"
          >
            {keyword}
          </Pill>
        ))}
        <PillsInput.Field
          value={draft}
          onChange={(event) => {
            const text = event.currentTarget.value;
            // A separator typed by an input method that sends no key event (mobile keyboards).
            if (hasKeywordSeparator(text)) commit(text);
            else setDraft(text);
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          onBlur={() => commit(draft)}
          placeholder={keywords.length === 0 ? t('submissions.form.keywordsPlaceholder') : undefined}
          aria-label={t('submissions.form.keywords')}
          disabled={disabled}
          className={USER_TEXT_CLASS}
        />
      </Pill.Group>
    </PillsInput>
  );
}

import type { ConflictReasonDto } from '@confero/contracts';
import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/data/UserText.tsx';
import { useConflictText } from '../use-conflict-text.ts';

type ConflictReasonsProps = {
  /** The reasons as lines of text in the interface language, or the structured reasons to translate. */
  lines?: string[];
  reasons?: ConflictReasonDto[];
  /** What the declarer wrote, shown after the reasons. */
  note?: string | null;
};

/** The reasons of one conflict, one per line, then the declarer's note; a dash when there is nothing to say. */
export function ConflictReasons({ lines, reasons, note }: ConflictReasonsProps) {
  const { t } = useTranslation();
  const { reason } = useConflictText();
  // The same sentence twice (two authors of one name) says nothing more.
  const texts = [...new Set(lines ?? (reasons ?? []).map(reason))];
  if (texts.length === 0 && !note) {
    return (
      <Text size="sm" c="dimmed">
        -
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="conflict-reasons">
      {texts.length === 1 ? (
        <Text size="sm" data-testid="conflict-reason">
          {texts[0]}
        </Text>
      ) : texts.length > 1 ? (
        <List size="sm" spacing={2}>
          {texts.map((text) => (
            <List.Item key={text} data-testid="conflict-reason">
              {text}
            </List.Item>
          ))}
        </List>
      ) : null}
      {note ? (
        <Text size="xs" c="dimmed" fs="italic" data-testid="conflict-note" style={{ overflowWrap: 'anywhere' }}>
          {t('conflicts.table.note', { note: isolate(note) })}
        </Text>
      ) : null}
    </Stack>
  );
}

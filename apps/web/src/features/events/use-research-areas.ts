import type { ResearchAreaDto } from '@confero/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { researchAreasQuery } from './api.ts';
import { capitalize } from './event-display.ts';
import { useEventText } from './use-event-text.ts';

/**
 * The research-area catalogue (GET /api/research-areas/) with labels in the interface language: the options of
 * the creation form's selects and the names shown on the detail screen (the key, capitalised, until it loads).
 */
export function useResearchAreas() {
  const query = useQuery(researchAreasQuery());
  const { language } = useEventText();
  const label = useCallback(
    (entry: { name_en: string; name_ar: string }) => (language === 'ar' ? entry.name_ar : entry.name_en),
    [language],
  );
  const byKey = useMemo(
    () => new Map<string, ResearchAreaDto>((query.data ?? []).map((area) => [area.key, area])),
    [query.data],
  );

  const primaryOptions = useMemo(
    () => (query.data ?? []).map((area) => ({ value: area.key, label: label(area) })),
    [query.data, label],
  );
  const secondaryOptions = useCallback(
    (primary: string) =>
      (byKey.get(primary)?.subcategories ?? []).map((sub) => ({ value: sub.key, label: label(sub) })),
    [byKey, label],
  );
  const primaryLabel = useCallback(
    (key: string) => {
      const area = byKey.get(key);
      return area ? label(area) : capitalize(key);
    },
    [byKey, label],
  );
  const secondaryLabel = useCallback(
    (primary: string, key: string) => {
      const sub = byKey.get(primary)?.subcategories.find((entry) => entry.key === key);
      return sub ? label(sub) : capitalize(key);
    },
    [byKey, label],
  );

  return { query, primaryOptions, secondaryOptions, primaryLabel, secondaryLabel };
}

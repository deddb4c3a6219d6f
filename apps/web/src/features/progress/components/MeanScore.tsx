import { useTranslation } from 'react-i18next';

/**
 * A mean overall score, signed and to two decimals in the interface language ("+1.5"), or the "none" mark when there
 * is no score yet. The sign stays in front in Arabic too ("+1.5", not "1.5+").
 */
export function MeanScore({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) return <>{t('progress.none')}</>;
  const score = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, {
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  return <span dir="ltr">{score.format(value)}</span>;
}

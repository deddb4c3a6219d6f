import { LANGUAGES, type Language } from '@confero/contracts';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, toSupportedLanguage } from '../../i18n.ts';

/** EN/AR switch; the choice is stored on this device and flips the layout direction. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  return (
    <SegmentedControl
      size={size}
      radius="xl"
      value={current}
      onChange={(value) => void changeLanguage(value as Language)}
      aria-label={t('language.label')}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: <span title={t(`language.${language}`)}>{t(`language.short.${language}`)}</span>,
      }))}
    />
  );
}

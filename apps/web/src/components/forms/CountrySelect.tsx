import { COUNTRY_PICKER_UPWARD_PX } from '@confero/contracts';
import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryMatches, countryOptions, opensUpward } from './country-options.ts';

type CountrySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'filter'> & {
  /** The selected country's two-letter code ('' for none). */
  value: string;
  onChange: (code: string) => void;
};

const filter: OptionsFilter = ({ options, search }) =>
  (options as ComboboxItem[]).filter((option) => countryMatches(option.value, search));

/**
 * The searchable country picker: every country named in the interface language, stored as its two-letter code. It opens
 * upward when less than COUNTRY_PICKER_UPWARD_PX remain below it.
 */
export function CountrySelect({ value, onChange, comboboxProps, ...props }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const data = useMemo(() => countryOptions(language), [language]);
  const field = useRef<HTMLInputElement>(null);
  const [position, setPosition] = useState<'top' | 'bottom'>('bottom');

  const choosePosition = useCallback(() => {
    const rect = field.current?.getBoundingClientRect();
    if (!rect) return;
    setPosition(opensUpward(rect.bottom, window.innerHeight, COUNTRY_PICKER_UPWARD_PX) ? 'top' : 'bottom');
  }, []);

  return (
    <Select
      ref={field}
      placeholder={t('countrySelect.placeholder')}
      nothingFoundMessage={t('countrySelect.nothingFound')}
      autoComplete="off"
      {...props}
      data={data}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      searchable
      filter={filter}
      limit={300}
      maxDropdownHeight={260}
      onDropdownOpen={choosePosition}
      onFocus={(event) => {
        choosePosition();
        props.onFocus?.(event);
      }}
      comboboxProps={{
        ...comboboxProps,
        position,
        middlewares: { flip: false, shift: true },
      }}
    />
  );
}

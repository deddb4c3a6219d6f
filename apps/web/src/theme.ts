import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Confero's brand blue-violet, from light to dark. */
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdefe',
  '#b5baf7',
  '#8c94f1',
  '#6a73ec',
  '#545ee9',
  '#4853e8',
  '#3944cf',
  '#313cba',
  '#2533a4',
];

const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: FONT_STACK,
  headings: {
    fontFamily: FONT_STACK,
    fontWeight: '750',
  },
  defaultGradient: { from: 'brand.6', to: 'violet.6', deg: 135 },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
  },
});

/**
 * Secondary ("dimmed") text keeps a contrast of at least 4.5:1 (WCAG AA for body text) on white and on the light
 * grey and brand tints used behind it, and on the dark scheme's body and card greys; Mantine's defaults reach only
 * 3.3:1 (gray-6 on white) and 4.0:1 (dark-2 on dark-7). Links on the dark scheme take the lighter brand-3 (brand-4
 * reaches 3.9:1 on dark-7).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // Teal's light variant (teal-9 text on teal-1) reaches 4.3:1; a darker teal text reaches 6:1.
    '--mantine-color-teal-light-color': '#066649',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
  },
});

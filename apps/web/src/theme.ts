import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, mergeThemeOverrides } from '@mantine/core';

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
    // A toast's text is secondary text: the scheme's readable dimmed colour, not Mantine's lighter grey.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
});

/**
 * The theme in the interface language: buttons that show only an icon take a translated accessible name (axe's
 * button-name rule): the close buttons of dialogs, drawers, notifications and alerts ("Close"), and the clear
 * buttons of clearable fields ("Clear").
 */
export function themeFor(labels: { close: string; clear: string }) {
  const closeButtonProps = { 'aria-label': labels.close };
  const clearButtonProps = { 'aria-label': labels.clear };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
        Alert: { defaultProps: { closeButtonLabel: labels.close } },
        Select: { defaultProps: { clearButtonProps } },
        MultiSelect: { defaultProps: { clearButtonProps } },
        TagsInput: { defaultProps: { clearButtonProps } },
        FileInput: { defaultProps: { clearButtonProps } },
        DateInput: { defaultProps: { clearButtonProps } },
        DatePickerInput: { defaultProps: { clearButtonProps } },
      },
    }),
  );
}

/**
 * Secondary ("dimmed") and placeholder text keeps a contrast of at least 4.5:1 (WCAG AA for body text) on white and on the light
 * grey and brand tints used behind it, and on the dark scheme's body and card greys; Mantine's defaults reach only
 * 3.3:1 (gray-6 on white) and 4.0:1 (dark-2 on dark-7). Links on the dark scheme take the lighter brand-3 (brand-4
 * reaches 3.9:1 on dark-7).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#656d75',
    // Light variants (shade-9 text on shade-1) of teal, yellow, orange and green reach 4.3, 2.7, 3.6 and 3.8:1; darker text
    // reaches 5.3:1 or more.
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-yellow-light-color': '#8a4b00',
    '--mantine-color-orange-light-color': '#a63c06',
    '--mantine-color-green-light-color': '#237032',
    // Outline badges (conflict sources, pair reasons, review states) write in shade 6, 2.2 to 4.3:1 on white; these
    // darker shades reach 5.2:1 or more on white and on gray-0.
    '--mantine-color-gray-outline': '#5c636a',
    '--mantine-color-green-outline': '#237032',
    '--mantine-color-teal-outline': '#066649',
    '--mantine-color-orange-outline': '#a63c06',
    '--mantine-color-yellow-outline': '#8a4b00',
    '--mantine-color-indigo-outline': 'var(--mantine-color-indigo-9)',
    '--mantine-color-blue-outline': 'var(--mantine-color-blue-9)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-grape-outline': 'var(--mantine-color-grape-9)',
    '--mantine-color-violet-outline': 'var(--mantine-color-violet-9)',
    '--mantine-color-cyan-outline': 'var(--mantine-color-cyan-9)',
    '--mantine-color-pink-outline': 'var(--mantine-color-pink-9)',
    // White on grape-6 reaches 4.0:1; on grape-8 5.8:1.
    '--mantine-color-grape-filled': 'var(--mantine-color-grape-8)',
    // White on red-6 reaches 3.3:1; on red-9 5.0:1 (the danger buttons).
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a61e1e',
    // White on green-6 reaches 2.4:1; on this darker green 6.1:1.
    '--mantine-color-green-filled': '#237032',
    '--mantine-color-green-filled-hover': '#1b5c28',
    // Teal, orange and yellow in shade 6 reach 2.6, 2.6 and 1.9:1 on white, as text (`c="orange"`), white-variant
    // buttons and filled backgrounds under white text; these darker shades reach 6.4:1 or more.
    '--mantine-color-teal-text': '#066649',
    '--mantine-color-orange-text': '#a63c06',
    '--mantine-color-yellow-text': '#8a4b00',
    '--mantine-color-teal-filled': '#066649',
    '--mantine-color-teal-filled-hover': '#04523a',
    '--mantine-color-orange-filled': '#a63c06',
    '--mantine-color-orange-filled-hover': '#8a3205',
    '--mantine-color-yellow-filled': '#8a4b00',
    '--mantine-color-yellow-filled-hover': '#723e00',
    // Coloured text (`c="red"`, `c="blue"`, anchors in those colours) takes shade 9: at least 5.1:1 on gray-0.
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // A field in error writes its value and its message in the error colour: red-6 reaches 3.3:1 on white, red-9 5.0:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-text': 'var(--mantine-color-blue-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    // White on the dark scheme's red-8 reaches 4.1:1.
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a61e1e',
  },
});

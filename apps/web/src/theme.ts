import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

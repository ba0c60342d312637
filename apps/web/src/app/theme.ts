import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

// A blue whose shade 7 (#0d67b4) has 5.8:1 contrast on white: white text on filled buttons and
// links on white both meet WCAG AA.
const brand: MantineColorsTuple = [
  '#e7f3fb',
  '#cfe4f4',
  '#a0c8e9',
  '#6eaadd',
  '#4591d3',
  '#2b81cd',
  '#1c78cb',
  '#0d67b4',
  '#005ba2',
  '#004f90',
];

/**
 * Light variants (status badges, light buttons) write shade 6 on a 10 % tint of it: about 3:1,
 * below WCAG AA for their small text (axe, issue 22 item 19). Their text takes shade 9 darkened
 * by 30 % instead: 5:1 or more for every Mantine colour, yellow included.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  return { ...colors, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)` };
};

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  autoContrast: true,
  focusRing: 'auto', // visible ring for keyboard users, none on mouse click
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  variantColorResolver,
});

/** Mantine's defaults for dimmed text (gray 6) and links (blue 6) are below 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-anchor': brand[7],
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
  },
  dark: {},
});

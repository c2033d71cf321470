import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
  type PasswordInputProps,
} from '@mantine/core';

const SYSTEM_FONTS = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** WCAG 2 AA for normal text, which axe checks on every screen. */
const MIN_CONTRAST = 4.5;

/** Secondary ("dimmed") text: Mantine's gray.6 is 3.2:1 on white; this is 5.1:1 even on gray.2. */
const DIMMED_TEXT = '#5c636a';

const LIGHT_PRIMARY_SHADE = 7;

const WHITE = '#ffffff';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: LIGHT_PRIMARY_SHADE, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: SYSTEM_FONTS,
  headings: { fontFamily: SYSTEM_FONTS, fontWeight: '650' },
  // Plain objects rather than `Modal.extend(...)`: importing the components here would put them (and Modal's
  // ScrollArea) into the entry chunk every screen downloads first.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    // Each crumb a target at least 24 px tall (WCAG 2.5.8), which a phone's thumb needs.
    Breadcrumbs: { styles: { breadcrumb: { minHeight: 24, display: 'inline-flex', alignItems: 'center' } } },
    // Mantine leaves the show/hide toggle out of the tab order; keyboard users need it too.
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } satisfies Partial<PasswordInputProps> },
  },
});

export function measureContrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The colour, darkened in small steps until it reads on the background. */
function ensureContrast(color: string, background: string): string {
  let result = color;
  for (let step = 0; step < 20 && measureContrast(result, background) < MIN_CONTRAST; step += 1) {
    result = darken(result, 0.05);
  }
  return result;
}

/** The colour, darkened until it reads on each of the backgrounds. */
function ensureContrastOnAll(color: string, backgrounds: readonly string[]): string {
  return backgrounds.reduce((result, background) => ensureContrast(result, background), color);
}

/** The first shade from the primary shade on whose fill white text reads (red.7 is 3.8:1, teal.7 3.1:1). */
function findFilledShade(palette: MantineColorsTuple): number {
  for (let shade = LIGHT_PRIMARY_SHADE; shade < palette.length; shade += 1) {
    if (measureContrast(WHITE, palette[shade]!) >= MIN_CONTRAST) return shade;
  }
  return palette.length - 1;
}

/**
 * Colour variables that keep text at 4.5:1 in the light scheme: dimmed text, the text of light and subtle variants,
 * at rest and hovered (a yellow Pending badge is 2.7:1 with Mantine's defaults, a teal Active badge 4.3:1, a hovered
 * red subtle button 4.1:1) and filled backgrounds under white text.
 * Colours whose darkest fill still fails (yellow, lime) keep Mantine's fill; use them only with dark text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED_TEXT,
    // Validation messages and required asterisks: Mantine's red.6 is 3.3:1 on white.
    '--mantine-color-error': ensureContrast(resolvedTheme.colors.red[6], WHITE),
    // Links, also inside light alerts, whose background is shade 1 (indigo.7 is 4.0:1 on blue.1).
    '--mantine-color-anchor': ensureContrastOnAll(
      resolvedTheme.colors[resolvedTheme.primaryColor]![LIGHT_PRIMARY_SHADE],
      Object.entries(resolvedTheme.colors)
        .filter(([name]) => name !== 'dark')
        .map(([, palette]) => palette[1]),
    ),
  };
  for (const [name, palette] of Object.entries(resolvedTheme.colors)) {
    if (name === 'dark') continue;
    // Light badges sit on shade 1; subtle and light buttons turn shade 2 under the pointer (red.9 on red.2: 4.1:1).
    light[`--mantine-color-${name}-light-color`] = ensureContrast(palette[9], palette[2]);
    const shade = findFilledShade(palette);
    if (measureContrast(WHITE, palette[shade]!) < MIN_CONTRAST) continue;
    light[`--mantine-color-${name}-filled`] = palette[shade]!;
    light[`--mantine-color-${name}-filled-hover`] = palette[Math.min(shade + 1, 9)]!;
  }
  return { variables: {}, light, dark: {} };
};

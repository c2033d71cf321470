import { DEFAULT_THEME, Modal, PasswordInput, mergeMantineTheme } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { cssVariablesResolver, measureContrast, theme } from './theme';

const resolvedTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const light: Record<string, string | undefined> = cssVariablesResolver(resolvedTheme).light;
const WHITE = '#ffffff';

function readColor(variable: string): string {
  const value = light[variable];
  if (!value) throw new Error(`${variable} is not set`);
  return value;
}

describe('theme: colour contrast (WCAG AA, 4.5:1)', () => {
  it('gives dimmed text 4.5:1 on white and on the page background', () => {
    expect(measureContrast(readColor('--mantine-color-dimmed'), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(measureContrast(readColor('--mantine-color-dimmed'), resolvedTheme.colors.gray[0])).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it.each(['yellow', 'teal', 'gray', 'grape', 'red', 'blue', 'indigo', 'orange', 'green'])(
    'gives the text of a light %s badge 4.5:1 on its background',
    (color) => {
      const background = resolvedTheme.colors[color]![1];
      expect(measureContrast(readColor(`--mantine-color-${color}-light-color`), background)).toBeGreaterThanOrEqual(
        4.5,
      );
    },
  );

  it.each(['red', 'indigo', 'teal', 'gray', 'blue'])(
    'gives the text of a subtle or light %s button 4.5:1 under the pointer (its hover background)',
    (color) => {
      const hovered = resolvedTheme.colors[color]![2];
      expect(measureContrast(readColor(`--mantine-color-${color}-light-color`), hovered)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('gives validation messages (the error colour) 4.5:1 on white', () => {
    expect(measureContrast(readColor('--mantine-color-error'), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['blue', 'red', 'yellow', 'teal', 'gray'])('gives links 4.5:1 inside a light %s alert', (color) => {
    const background = resolvedTheme.colors[color]![1];
    expect(measureContrast(readColor('--mantine-color-anchor'), background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['indigo', 'red', 'teal', 'blue', 'grape'])('gives white text 4.5:1 on a filled %s button', (color) => {
    expect(measureContrast(WHITE, readColor(`--mantine-color-${color}-filled`))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('theme: keyboard and screen reader defaults', () => {
  it('names the close button of every modal', () => {
    renderWithProviders(
      <Modal opened onClose={() => {}} title="Invite user">
        Body
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('puts the password show/hide toggle in the tab order', () => {
    renderWithProviders(<PasswordInput label="Password" />);
    const toggle = screen.getByRole('button', { name: 'Toggle password visibility' });
    expect(toggle).toHaveAttribute('tabindex', '0');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});

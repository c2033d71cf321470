import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Payment dialogs fill a phone's screen (390 px): their forms are long and the keyboard takes half of it. */
export function usePhoneModal(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, false, { getInitialValueInEffect: false }) ?? false;
}

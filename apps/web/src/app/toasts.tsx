import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_POSITION, TOAST_POSITION_PHONE } from '@paydesk/domain/constants';

/**
 * The toast container: top right on wider screens, top centre on phones, so a toast never sits over a form's Save
 * button. AppProvider loads it when the first toast is shown, so it stays out of every page's download.
 */
export function Toasts() {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? TOAST_POSITION_PHONE : TOAST_POSITION} />;
}

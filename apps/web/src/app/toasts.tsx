import { Notifications } from '@mantine/notifications';
import { TOAST_POSITION } from '@paydesk/domain/constants';

/**
 * The toast container, bottom centre on every width (SPEC §9). AppProvider loads it after the first render, so it
 * stays out of every page's download.
 */
export function Toasts() {
  return <Notifications position={TOAST_POSITION} />;
}

import { Notifications } from '@mantine/notifications';
import { TOAST_POSITION } from '@paydesk/domain/constants';

/**
 * The toast container, bottom centre on every width (SPEC §9). AppProvider loads it when the first toast is shown, so
 * it stays out of every page's download.
 */
export function Toasts() {
  return <Notifications position={TOAST_POSITION} />;
}

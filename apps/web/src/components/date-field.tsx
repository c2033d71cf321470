import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { isCalendarDate } from '@paydesk/domain/dates/calendar';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

/** How dates are shown and typed (SPEC §9: MM/DD/YYYY), as a dayjs format. */
const DISPLAY_FORMAT = 'MM/DD/YYYY';

const TYPED_DATE = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$/;
const ISO_DATE = /^\s*(\d{4}-\d{2}-\d{2})\s*$/;

/**
 * The calendar date (`YYYY-MM-DD`) a typed date names: `12/01/1980`, `12/1/1980` or `12-01-1980` (month first), or
 * `1980-12-01`; null when it names no real day (13/01/1980, 02/30/2024).
 */
export function parseTypedDate(text: string): string | null {
  const iso = ISO_DATE.exec(text)?.[1];
  if (iso) return isCalendarDate(iso) ? iso : null;
  const match = TYPED_DATE.exec(text);
  if (!match) return null;
  const date = `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** A calendar date, `YYYY-MM-DD`, or '' (or nothing) for none. */
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * The app's one date input: type MM/DD/YYYY (or pick a day from the calendar), shown MM/DD/YYYY, held as a calendar
 * date `YYYY-MM-DD` ('' when empty), as forms send it. Text that names no day stays as typed, so the user can fix
 * it: the form holds that text, and its validation shows the field's error.
 */
export function DateField({ value, onChange, onBlur, ...props }: DateFieldProps) {
  // The calendar keeps the last real day while the field holds text that is not one (Mantine would otherwise put the
  // text back to that day, or clear it, as the value changes).
  const [held, setHeld] = useState({ value, lastDay: dayOf(value, null) });
  if (held.value !== value) setHeld({ value, lastDay: dayOf(value, held.lastDay) });
  return (
    <DateInput
      placeholder={DISPLAY_FORMAT}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      {...props}
      valueFormat={DISPLAY_FORMAT}
      dateParser={parseTypedDate}
      fixOnBlur={false}
      value={dayOf(value, held.lastDay)}
      onChange={(next) => onChange?.(next ?? '')}
      onBlur={(event) => {
        onBlur?.(event);
        const text = event.currentTarget.value.trim();
        if (text && parseTypedDate(text) === null) onChange?.(text);
      }}
    />
  );
}

/** The day a held value names: none for '', the value for a calendar date, else (typed text) the last day known. */
function dayOf(value: string | undefined, lastDay: string | null): string | null {
  if (!value) return null;
  return isCalendarDate(value) ? value : lastDay;
}

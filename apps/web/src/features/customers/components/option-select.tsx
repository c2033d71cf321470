import { NativeSelect } from '@mantine/core';
import type { NamedOption } from '../api/merchant-options';

type OptionSelectProps = {
  label: string;
  /** The first choice, meaning none (e.g. "All locations"). */
  emptyLabel: string;
  options: readonly NamedOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  withAsterisk?: boolean;
  w?: number | string;
};

/**
 * A small select over a merchant's locations or tags (another branch builds the shared LocationPicker; the lead will
 * unify them). A value that is not among the options still shows, so a filter from the URL stays visible.
 */
export function OptionSelect({ label, emptyLabel, options, value, onChange, ...rest }: OptionSelectProps) {
  const known = value === '' || options.some((option) => option.id === value);
  const data = [
    { value: '', label: emptyLabel },
    ...options.map((option) => ({ value: option.id, label: option.name })),
    ...(known ? [] : [{ value, label: value }]),
  ];
  return (
    <NativeSelect
      label={label}
      data={data}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...rest}
    />
  );
}

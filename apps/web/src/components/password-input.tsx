import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput marks its error visually but not its input `aria-invalid` as TextInput does: this one does,
 * so screen readers hear the field is in error and a failed submit can move focus to it (`submitFocusingErrors`).
 * Every password field uses it (lint forbids Mantine's own).
 */
export function PasswordInput(props: PasswordInputProps) {
  return <MantinePasswordInput aria-invalid={Boolean(props.error)} {...props} />;
}

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('marks its input aria-invalid only while it shows an error', () => {
    renderWithProviders(
      <>
        <PasswordInput label="Password" error="This field is required." />
        <PasswordInput label="Confirm password" />
      </>,
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'false');
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../lib/notify';
import { AppProvider } from './provider';

const toastsModule = vi.hoisted(() => ({ loaded: false }));
vi.mock('./toasts', async (importOriginal) => {
  toastsModule.loaded = true;
  return importOriginal();
});

describe('AppProvider', () => {
  it('loads the toast container only when the first toast is shown, and shows that toast', async () => {
    render(
      <AppProvider>
        <p>Merchant login</p>
      </AppProvider>,
    );
    expect(await screen.findByText('Merchant login')).toBeInTheDocument();
    // Time for a lazy import made at the first render to have started (it did before the change).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toastsModule.loaded).toBe(false);

    act(() => {
      notifySuccess('Role saved');
    });

    expect(await screen.findByText('Role saved')).toBeInTheDocument();
    expect(toastsModule.loaded).toBe(true);
  });
});

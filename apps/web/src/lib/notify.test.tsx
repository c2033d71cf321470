import { DEFAULT_ERROR_MESSAGE } from '@paydesk/domain/errors/catalogue';
import { ERROR_TOAST_MS, TOAST_MS } from '@paydesk/domain/constants';
import { act, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../test/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError, NO_RESPONSE_STATUS } from './api-client';
import { TOAST_ZONE_PX, notifyError, notifySuccess } from './notify';

describe('notifyError', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it('shows the translated server detail outside production', () => {
    vi.stubEnv('PROD', false);
    renderWithProviders(null);

    act(() => {
      notifyError(new ApiError(400, { detail: 'bad token', code: 'token.invalid' }));
    });

    expect(screen.getByText('Invalid Token.')).toBeInTheDocument();
  });

  it('shows joined non_field_errors outside production', () => {
    vi.stubEnv('PROD', false);
    renderWithProviders(null);

    act(() => {
      notifyError(new ApiError(400, { non_field_errors: ['pin.mismatch', 'Try again.'] }));
    });

    expect(screen.getByText('Pins do not match. Try again.')).toBeInTheDocument();
  });

  it('shows only the default text in production', () => {
    vi.stubEnv('PROD', true);
    renderWithProviders(null);

    act(() => {
      notifyError(new ApiError(400, { detail: 'bad token', code: 'token.invalid' }));
    });

    expect(screen.getByText(DEFAULT_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Invalid Token.')).not.toBeInTheDocument();
  });

  it('shows the default text when there is nothing to tell', () => {
    vi.stubEnv('PROD', false);
    renderWithProviders(null);

    act(() => {
      notifyError();
    });

    expect(screen.getByText(DEFAULT_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('closes when the user presses Dismiss', async () => {
    renderWithProviders(null);
    act(() => {
      notifyError('Could not send the message.');
    });

    await setupUser().click(screen.getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByText('Could not send the message.')).not.toBeInTheDocument());
  });

  it('stays for the error toast time, then closes by itself', async () => {
    vi.useFakeTimers();
    renderWithProviders(null);
    act(() => {
      notifyError('Could not send the message.');
    });

    await act(() => vi.advanceTimersByTimeAsync(ERROR_TOAST_MS - 500));
    expect(screen.getByText('Could not send the message.')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('Could not send the message.')).not.toBeInTheDocument();
  });
});

describe('notifySuccess', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the message for the toast time, then closes by itself', async () => {
    vi.useFakeTimers();
    renderWithProviders(null);
    act(() => {
      notifySuccess('Template saved!');
    });

    expect(screen.getByText('Template saved!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS + 500));
    expect(screen.queryByText('Template saved!')).not.toBeInTheDocument();
  });
});

describe('where toasts appear', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function findToastContainer(text: string): HTMLElement | null {
    return screen.getByText(text).closest<HTMLElement>('[data-position]');
  }

  it('shows toasts at the bottom centre on wider screens (SPEC §9)', () => {
    renderWithProviders(null);
    act(() => {
      notifySuccess('Role saved');
    });

    expect(findToastContainer('Role saved')).toHaveAttribute('data-position', 'bottom-center');
  });

  it('shows toasts at the bottom centre on phones too', () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    }));
    renderWithProviders(null);
    act(() => {
      notifyError('Could not save.');
    });

    expect(findToastContainer('Could not save.')).toHaveAttribute('data-position', 'bottom-center');
  });

  it('keeps the Dismiss button from shrinking beside a long message', () => {
    renderWithProviders(null);
    act(() => {
      notifyError('A long message that explains at length why the last change could not be saved right now.');
    });

    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveStyle({ flexShrink: '0' });
  });
});

describe('notifyError for a request that got no answer', () => {
  it('shows the default text, not the browser wording', () => {
    vi.stubEnv('PROD', false);
    renderWithProviders(null);

    act(() => {
      notifyError(new ApiError(NO_RESPONSE_STATUS, undefined, { cause: new TypeError('Failed to fetch') }));
    });

    expect(screen.getByText(DEFAULT_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    vi.unstubAllEnvs();
  });
});

describe('toasts and the button that sent the form', () => {
  it('scrolls a Save button tapped at the bottom of the screen clear of the toast about it', () => {
    renderWithProviders(null);
    const form = document.createElement('form');
    const save = document.createElement('button');
    save.type = 'submit';
    form.append(save);
    form.addEventListener('submit', (event) => event.preventDefault());
    document.body.append(form);
    const bottom = window.innerHeight - 10;
    save.getBoundingClientRect = () => ({ bottom }) as DOMRect;
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});

    act(() => save.click());
    act(() => {
      notifyError(new ApiError(NO_RESPONSE_STATUS, {}));
    });

    expect(scrollBy).toHaveBeenCalledWith({ top: bottom - (window.innerHeight - TOAST_ZONE_PX) });
    scrollBy.mockRestore();
    form.remove();
  });
});

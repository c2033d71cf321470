import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../test/user';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { useLeavePrompt } from './use-leave-prompt';

function DraftPage() {
  const [draft, setDraft] = useState('');
  const [saved, setSaved] = useState('');
  const leavePrompt = useLeavePrompt(draft !== saved);
  return (
    <>
      <h1>Draft page</h1>
      <label>
        Note
        <input value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <button type="button" onClick={() => setSaved(draft)}>
        Save
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      {leavePrompt}
    </>
  );
}

function renderDraftPage() {
  return renderRoutes(
    [
      { path: '/draft', element: <DraftPage /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/draft'] },
  );
}

function dispatchBeforeUnload(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useLeavePrompt', () => {
  it('lets the user leave at once when nothing changed', async () => {
    const user = setupUser();
    const { router } = renderDraftPage();

    expect(dispatchBeforeUnload()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks "Leave Page?" with unsaved changes: Cancel stays, Leave goes', async () => {
    const user = setupUser();
    const { router } = renderDraftPage();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'half a thought');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Page?' });
    expect(dialog).toHaveTextContent('Changes you made may not be saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/draft');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('half a thought');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave Page?' })).getByRole('button', { name: 'Leave' }),
    );

    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it("asks for the browser's prompt on reload or close only while changes are unsaved", async () => {
    const user = setupUser();
    renderDraftPage();

    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'x');
    expect(dispatchBeforeUnload()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(dispatchBeforeUnload()).toBe(false);
  });

  it('does not ask after the changes were saved', async () => {
    const user = setupUser();
    const { router } = renderDraftPage();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'kept');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});

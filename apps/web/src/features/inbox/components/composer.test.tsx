import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { setupUser } from '../../../../test/user';
import { Composer, type ComposerProps } from './composer';

type Sent = { body: string; file: File | null };

function ComposerHarness(props: Partial<ComposerProps> & { onSend: (message: Sent) => void; initialBody?: string }) {
  const [body, setBody] = useState(props.initialBody ?? '');
  const [templateId, setTemplateId] = useState<string | null>(null);
  return (
    <Composer
      canFreeType
      templates={[]}
      templateId={templateId}
      onTemplateChange={setTemplateId}
      {...props}
      body={body}
      onBodyChange={setBody}
    />
  );
}

function file(name: string, type: string, size: number): File {
  const blob = new File(['x'], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

describe('Composer', () => {
  it('sends on Enter and adds a newline on shift+Enter', async () => {
    const user = setupUser();
    const onSend = vi.fn();
    renderWithProviders(<ComposerHarness onSend={onSend} />);
    const message = screen.getByRole('textbox', { name: 'Message' });

    await user.type(message, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(message).toHaveValue('Hello\nthere');
    expect(onSend).not.toHaveBeenCalled();

    await user.type(message, '{Enter}');
    expect(onSend).toHaveBeenCalledWith({ body: 'Hello\nthere', file: null });
  });

  it('ignores an empty or blank body: Enter does nothing and Send is disabled', async () => {
    const user = setupUser();
    const onSend = vi.fn();
    renderWithProviders(<ComposerHarness onSend={onSend} />);
    const message = screen.getByRole('textbox', { name: 'Message' });

    await user.type(message, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('refuses a file over 1 MB with the message, and sends an attachment without a body', async () => {
    const user = setupUser({ applyAccept: false });
    const onSend = vi.fn();
    const { container } = renderWithProviders(<ComposerHarness onSend={onSend} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;

    await user.upload(input, file('big.png', 'image/png', 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File must be less than 1mb in size');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    const photo = file('car.png', 'image/png', 2048);
    await user.upload(input, photo);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Attached: car.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ body: '', file: photo });
    expect(screen.queryByText('Attached: car.png')).not.toBeInTheDocument();
  });

  it('counts characters and segments under the message', async () => {
    const user = setupUser();
    renderWithProviders(<ComposerHarness onSend={vi.fn()} initialBody={'a'.repeat(160)} />);
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByText('160 characters · 1 segment (GSM-7, 160 per segment)')).toBeInTheDocument();
    await user.type(message, 'b');
    expect(screen.getByText('161 characters · 2 segments (GSM-7, 153 per segment)')).toBeInTheDocument();
    expect(message).toHaveAccessibleDescription('161 characters · 2 segments (GSM-7, 153 per segment)');
  });

  it('without free typing offers the templates, keeps the message read-only and sends the rendered template', async () => {
    const user = setupUser();
    const onSend = vi.fn();
    const onTemplateChange = vi.fn();
    renderWithProviders(
      <ComposerHarness
        onSend={onSend}
        canFreeType={false}
        templates={[{ id: 't1', name: 'Friendly reminder' }]}
        onTemplateChange={onTemplateChange}
        initialBody="Hi Pat, $120.00 is due 03/15/2026."
      />,
    );
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Attach a file' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Friendly reminder' }));
    expect(onTemplateChange).toHaveBeenCalledWith('t1', expect.anything());

    await user.type(message, 'extra');
    expect(message).toHaveValue('Hi Pat, $120.00 is due 03/15/2026.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ body: 'Hi Pat, $120.00 is due 03/15/2026.', file: null });
  });

  it('warns when the last send was outside the customer’s texting hours', () => {
    renderWithProviders(<ComposerHarness onSend={vi.fn()} outsideSendWindow />);
    expect(screen.getByText(/outside the customer's texting hours/)).toBeInTheDocument();
  });
});

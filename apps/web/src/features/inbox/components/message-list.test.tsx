import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import type { ChatMessage } from './message-item';
import { MessageList } from './message-list';

function message(overrides: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'created'>): ChatMessage {
  return {
    sender: 'Avery Admin',
    direction: 'outbound',
    body: 'Hello',
    language: 'en-US',
    translations: {},
    attachments: [],
    status: 'delivered',
    error_code: null,
    error_message: null,
    secondary_message: null,
    ...overrides,
  };
}

function renderList(messages: ChatMessage[]) {
  return renderWithProviders(
    <MessageList
      messages={messages}
      timeZone="America/New_York"
      hasEarlier={false}
      loadingEarlier={false}
      onLoadEarlier={vi.fn()}
    />,
  );
}

describe('MessageList', () => {
  it('shows a time header above the first message and above one more than 5 minutes after the previous', () => {
    renderList([
      message({ id: 'a', created: '2026-03-02T15:00:00Z', body: 'First' }),
      message({ id: 'b', created: '2026-03-02T15:05:00Z', body: 'Exactly five minutes later' }),
      message({ id: 'c', created: '2026-03-02T15:10:01Z', body: 'Over five minutes later' }),
    ]);
    const headers = screen.getAllByTestId('time-header');
    expect(headers.map((header) => header.textContent)).toEqual(['03/02/2026 10:00 AM', '03/02/2026 10:10 AM']);
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    const texts = items.map((item) => item.textContent ?? '');
    expect(texts.findIndex((text) => text.includes('First'))).toBeLessThan(
      texts.findIndex((text) => text.includes('Over five minutes later')),
    );
  });

  it('marks a failed message with an error icon, its error message and the plain-words explanation', () => {
    renderList([
      message({
        id: 'a',
        created: '2026-03-02T15:00:00Z',
        status: 'failed',
        error_code: '30006',
        error_message: 'Landline or unreachable carrier',
        secondary_message: 'The number cannot receive texts. Check it with the customer.',
      }),
      message({ id: 'b', created: '2026-03-02T15:01:00Z', body: 'Fine one' }),
    ]);
    expect(screen.getAllByRole('img', { name: 'Not delivered' })).toHaveLength(1);
    expect(screen.getByText('Landline or unreachable carrier')).toBeInTheDocument();
    expect(screen.getByText('The number cannot receive texts. Check it with the customer.')).toBeInTheDocument();
    expect(screen.getByText(/Delivered/)).toBeInTheDocument();
  });

  it('shows a pending message with a spinner, and translations of a reply', () => {
    renderList([
      message({
        id: 'in',
        created: '2026-03-02T15:00:00Z',
        direction: 'inbound',
        sender: 'Pat Customer',
        status: 'received',
        body: 'Pagaré mañana',
        language: 'es-US',
        translations: { 'en-US': 'I will pay tomorrow' },
      }),
      message({ id: 'pending-1', created: '2026-03-02T15:01:00Z', body: 'Thanks!', pending: true }),
    ]);
    expect(screen.getByText('I will pay tomorrow')).toBeInTheDocument();
    expect(screen.getByText('Translation (en-US):')).toBeInTheDocument();
    expect(screen.getByLabelText('Sending')).toBeInTheDocument();
  });
});

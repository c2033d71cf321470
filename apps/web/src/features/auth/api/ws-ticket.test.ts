import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/server';
import { setAuthHooks } from '../../../lib/auth-hooks';
import { requestWsTicket } from './ws-ticket';

afterEach(() => setAuthHooks({}));

describe('requestWsTicket', () => {
  it('trades the access token for a ticket without counting as session activity', async () => {
    const onSuccess = vi.fn();
    setAuthHooks({ getAccessToken: () => 'access-token', onSuccess });
    const authorizations: (string | null)[] = [];
    server.use(
      http.post('*/api/ws-ticket/', ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return HttpResponse.json({ ticket: 'fresh-ticket' }, { status: 201 });
      }),
    );
    await expect(requestWsTicket()).resolves.toBe('fresh-ticket');
    expect(authorizations).toEqual(['Bearer access-token']);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

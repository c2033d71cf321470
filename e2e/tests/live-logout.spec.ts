import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD } from '../support/journeys';

// A user disabled while signed in is sent to Login at once, through the live events socket (/ws/events/).

async function post(request: APIRequestContext, url: string, data: object, access?: string) {
  const response = await request.post(url, { data, headers: access ? { Authorization: `Bearer ${access}` } : {} });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('a user disabled while signed in is logged out at once', async ({ page, request }) => {
  const { access: adminAccess } = await post(request, '/api/token/', { email: 'admin@demo.test', password: PASSWORD });
  const merchants = await (
    await request.get('/api/merchants/', {
      params: { search: 'Demo Motors' },
      headers: { Authorization: `Bearer ${adminAccess}` },
    })
  ).json();
  const merchantId: string = merchants.results[0].id;

  const email = `leaver.${Date.now()}@demo.test`;
  const invited = await post(
    request,
    `/api/merchants/${merchantId}/users/invite/`,
    { email, first_name: 'Lee', last_name: 'Leaver', role: 'staff' },
    adminAccess,
  );
  const { access: superAccess } = await post(request, '/api/token/', { email: 'super@demo.test', password: PASSWORD });
  let link: RegExpMatchArray | null = null;
  await expect
    .poll(async () => {
      const outbox = await (
        await request.get('/api/dev/outbox/', {
          params: { recipient: email },
          headers: { Authorization: `Bearer ${superAccess}` },
        })
      ).json();
      link = String(outbox.results[0]?.body ?? '').match(/\/partner-signup\/([^/\s]+)\/(\S+)/);
      return link !== null;
    })
    .toBe(true);
  const [, id, token] = link ?? [];
  await post(request, `/api/partner-signup/${id}/${token}/`, {
    first_name: 'Lee',
    last_name: 'Leaver',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  await post(request, `/api/merchants/${merchantId}/users/${invited.id}/disable/`, {}, adminAccess);
  await expect(page).toHaveURL(/\/login$/);
});

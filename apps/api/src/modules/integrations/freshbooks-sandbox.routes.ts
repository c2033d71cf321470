import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/service-context';
import {
  SANDBOX_AUTHORIZE_PATH,
  SANDBOX_BUSINESS_NAME,
  SANDBOX_CLIENT_ID,
  issueSandboxCode,
} from '../../providers/freshbooks/sandbox-freshbooks-provider';
import { sandboxAuthorizeRules, throttleAttempt } from '../auth/auth.public';
import { freshbooksRedirectUris, isPendingFreshbooksConnection } from './integrations.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · FreshBooks sandbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f5f9; color: #1a1b1e; }
  main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 8px;
    box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  p { line-height: 1.5; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 6px; border: 1px solid #1c4f9c; cursor: pointer; }
  .allow { background: #1c4f9c; color: #fff; }
  .deny { background: #fff; color: #1c4f9c; }
  button:focus-visible { outline: 3px solid #f59f00; outline-offset: 2px; }
  .note { font-size: .875rem; color: #495057; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

type AuthorizeInput = { client_id?: unknown; redirect_uri?: unknown; state?: unknown; decision?: unknown };

/**
 * The request's parameters when they are the registered client and one of its registered redirect URIs (one per
 * app origin, as an app registers them with FreshBooks); else a message why not.
 */
function readRequest(
  input: AuthorizeInput,
  redirectUris: readonly string[],
): { state: string; redirectUri: string } | { problem: string } {
  if (input.client_id !== SANDBOX_CLIENT_ID) return { problem: 'This application is not known to the sandbox.' };
  const redirectUri = redirectUris.find((uri) => uri === input.redirect_uri);
  if (!redirectUri) return { problem: 'The return address is not registered for Paydesk.' };
  if (typeof input.state !== 'string' || input.state === '' || input.state.length > 512) {
    return { problem: 'The request has no valid state.' };
  }
  return { state: input.state, redirectUri };
}

function refuse(reply: FastifyReply, problem: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Request refused', `<h1>This request cannot be authorized</h1><p>${escapeHtml(problem)}</p>`));
}

/**
 * The request's state and redirect URI when they are the registered client and one of its redirect URIs and a FreshBooks connection under way
 * (see `isPendingFreshbooksConnection`); else a message why not. Every call counts against the address's limit.
 */
async function checkRequest(
  ctx: ServiceContext,
  request: FastifyRequest,
  input: AuthorizeInput,
  redirectUris: readonly string[],
): Promise<{ state: string; redirectUri: string } | { problem: string }> {
  await throttleAttempt(ctx, sandboxAuthorizeRules(request.ip));
  const checked = readRequest(input, redirectUris);
  if ('problem' in checked) return checked;
  if (!(await isPendingFreshbooksConnection(ctx, checked.state))) {
    return { problem: ERROR_MESSAGES['integration.state_invalid'] };
  }
  return checked;
}

/**
 * The FreshBooks sandbox's authorization page (only while FRESHBOOKS_CLIENT_ID is unset, and in production only with
 * FRESHBOOKS_SANDBOX_ENABLED): "Allow Paydesk to access Demo Business?", for a connect link a super user has just
 * been given, rate-limited by address. Allow issues a single-use code and sends the browser back to the registered
 * redirect URI, as FreshBooks does; Deny sends it back with `error=access_denied`.
 */
export const freshbooksSandboxRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const redirectUris = freshbooksRedirectUris(ctx);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
    const checked = await checkRequest(ctx, request, request.query as AuthorizeInput, redirectUris);
    if ('problem' in checked) return refuse(reply, checked.problem);
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Authorize Paydesk',
        `<h1>Allow Paydesk to access ${escapeHtml(SANDBOX_BUSINESS_NAME)}?</h1>
<p>Paydesk will be able to read and create invoices, clients and payments in your FreshBooks business
<strong>${escapeHtml(SANDBOX_BUSINESS_NAME)}</strong>.</p>
<form method="post" action="${SANDBOX_AUTHORIZE_PATH}">
${hidden('client_id', SANDBOX_CLIENT_ID)}
${hidden('redirect_uri', checked.redirectUri)}
${hidden('state', checked.state)}
<div class="actions">
<button type="submit" class="allow" name="decision" value="allow">Allow</button>
<button type="submit" class="deny" name="decision" value="deny">Deny</button>
</div>
</form>
<p class="note">This is the FreshBooks sandbox built into Paydesk: no FreshBooks account is used.</p>`,
      ),
    );
  });

  app.post(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
    const input = (request.body ?? {}) as AuthorizeInput;
    const checked = await checkRequest(ctx, request, input, redirectUris);
    if ('problem' in checked) return refuse(reply, checked.problem);
    const { redirectUri } = checked;
    const state = encodeURIComponent(checked.state);
    if (input.decision !== 'allow') {
      return reply.redirect(`${redirectUri}/denied?error=access_denied&state=${state}`, 303);
    }
    const code = await issueSandboxCode(ctx.db, redirectUri, ctx.clock());
    return reply.redirect(`${redirectUri}/${encodeURIComponent(code)}?state=${state}`, 303);
  });
};

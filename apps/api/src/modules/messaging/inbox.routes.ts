import { ATTACHMENT_MAX_BYTES } from '@paydesk/domain/constants';
import {
  ATTACHMENT_REQUIRED,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_WRONG_TYPE,
  inboxEndpoints as endpoints,
} from '@paydesk/domain/messaging/inbox.contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { FieldErrors, permissionDenied } from '../../lib/http-errors';
import { principalOf } from '../../plugins/auth';
import { getCustomerRow } from '../customers/customers.public';
import { previewSendableTemplates } from '../message-templates/message-templates.public';
import { inboxEntryOf, listInbox, markInboxRead } from './inbox-entries';
import { listCustomerAccounts } from './list-customer-accounts';
import { mediaTypeOf } from './media-kind';
import { isValidMediaSignature } from './media-links';
import { readMedia } from './read-media';
import { reviewOptOutFlag } from './review-opt-out-flag';
import { uploadMedia } from './upload-media';

const nextLink = (request: FastifyRequest, page: number) => {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('page', String(page + 1));
  return `${url.pathname}${url.search}`;
};

/** Multipart bodies arrive whole (the route's body limit bounds them) and are read with the platform's parser. */
type Multipart = { contentType: string; raw: Buffer };

async function fileOf(body: unknown): Promise<Buffer> {
  const multipart = body as Multipart | undefined;
  if (!multipart || !Buffer.isBuffer(multipart.raw)) throw FieldErrors.of('file', ATTACHMENT_REQUIRED);
  let form: FormData;
  try {
    form = await new Response(multipart.raw, { headers: { 'content-type': multipart.contentType } }).formData();
  } catch {
    throw FieldErrors.of('file', ATTACHMENT_REQUIRED);
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw FieldErrors.of('file', ATTACHMENT_REQUIRED);
  if (file.size > ATTACHMENT_MAX_BYTES) throw FieldErrors.of('file', ATTACHMENT_TOO_LARGE);
  return Buffer.from(await file.arrayBuffer());
}

/** An attachment as what it is, never sniffed into something a browser would run. */
function sendMedia(reply: FastifyReply, media: { type: string; content: Buffer }) {
  void reply
    .header('content-type', media.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', media.type === 'application/pdf' ? 'inline; filename="attachment.pdf"' : 'inline')
    .header('cache-control', 'private, max-age=3600');
  return reply.send(media.content) as never;
}

export const inboxRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    done(null, { contentType: String(request.headers['content-type']), raw: Buffer.from(body) } satisfies Multipart);
  });

  registerEndpoint(app, endpoints.list, async (request) => {
    const { more, results } = await listInbox(ctx.db, request.params.id, request.query);
    return { next: more ? nextLink(request, request.query.page) : null, results };
  });

  registerEndpoint(app, endpoints.retrieve, async (request) => {
    const customer = await getCustomerRow(ctx.db, request.params.id, request.params.cid, { includeRemoved: true });
    return inboxEntryOf(ctx.db, request.params.id, customer);
  });

  registerEndpoint(app, endpoints.markRead, async (request) => {
    const customer = await getCustomerRow(ctx.db, request.params.id, request.params.cid, { includeRemoved: true });
    await markInboxRead(ctx, request.params.id, customer.id, request.body?.through_message);
    return inboxEntryOf(ctx.db, request.params.id, customer);
  });

  registerEndpoint(app, endpoints.templates, async (request) => ({
    results: await previewSendableTemplates(ctx, {
      merchantId: request.params.id,
      customerId: request.params.cid,
      accountId: request.query.account,
    }),
  }));

  registerEndpoint(app, endpoints.uploadMedia, async (request) => {
    const content = await fileOf(request.body);
    const type = mediaTypeOf(content);
    if (!type) throw FieldErrors.of('file', ATTACHMENT_WRONG_TYPE);
    return { media_path: await uploadMedia(ctx, request.params.id, { content, type }) };
  });

  registerEndpoint(app, endpoints.media, async (request, reply) => {
    return sendMedia(reply, await readMedia(ctx, request.params.id, request.params.mediaId));
  });

  // No token: the expiring signature is the permission (media-links.ts); checked before the file is looked for.
  registerEndpoint(app, endpoints.signedMedia, async (request, reply) => {
    const { merchant, media } = request.params;
    const { expires = '', signature = '' } = request.query;
    if (!isValidMediaSignature(ctx.config, { merchantId: merchant, mediaId: media, expires, signature }, ctx.clock())) {
      throw permissionDenied();
    }
    return sendMedia(reply, await readMedia(ctx, merchant, media));
  });

  registerEndpoint(app, endpoints.reviewOptOutFlag, async (request) => {
    const customer = await getCustomerRow(ctx.db, request.params.id, request.params.cid, { includeRemoved: true });
    await reviewOptOutFlag(ctx, {
      merchantId: request.params.id,
      customer,
      action: request.body.action,
      actor: principalOf(request).user,
    });
    return inboxEntryOf(ctx.db, request.params.id, customer);
  });

  registerEndpoint(app, endpoints.customerAccounts, async (request) => {
    const { more, results } = await listCustomerAccounts(ctx.db, request.params.id, request.body);
    return { next: more ? nextLink(request, request.body.page) : null, results };
  });
};

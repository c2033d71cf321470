// Message templates (SPEC §3, §7 "Message templates", issue 20): list, create, retrieve, update, delete, and render a
// body with a customer's values (render: the saved template; preview: the editor's draft) or a random customer's
// (random_render). None of the three issues a payment link: `{{payment_link}}` reads as a sample link.

import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { DEFAULT_LANGUAGE, TEMPLATE_SMS_MAX } from '../constants';
import { REQUIRED, maxLengthMessage } from '../validation/messages';
import { findUnknownMergeFields, unknownMergeFieldMessage } from './merge-fields';
import { TEMPLATE_TYPES } from './template-types';

export const TEMPLATE_NAME_MAX_LENGTH = 255;
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 1000;
/** The email body's bound; the text body's is SPEC §9's 300 characters. */
export const TEMPLATE_EMAIL_MAX_LENGTH = 20_000;
/** delta_days is bounded only so the column holds it (SPEC §5: no client-side bounds on days). */
export const TEMPLATE_DELTA_DAYS_LIMIT = 3650;
export const TEMPLATE_TYPE_TAKEN = 'A template of this type already exists';
export const DELTA_DAYS_INVALID = `Must be a whole number between -${TEMPLATE_DELTA_DAYS_LIMIT} and ${TEMPLATE_DELTA_DAYS_LIMIT}`;

export const bodyTypeSchema = z.enum(['TEXT', 'EMAIL'], { error: 'Must be TEXT or EMAIL' });

export const messageBodySchema = z
  .object({
    language: z.string().trim().min(1, { error: REQUIRED }).max(20).default(DEFAULT_LANGUAGE),
    body_type: bodyTypeSchema,
    message_body: z.string({ error: REQUIRED }).max(TEMPLATE_EMAIL_MAX_LENGTH, {
      error: maxLengthMessage(TEMPLATE_EMAIL_MAX_LENGTH),
    }),
  })
  .superRefine((body, ctx) => {
    if (body.body_type === 'TEXT' && body.message_body.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['message_body'], message: REQUIRED });
    }
    if (body.body_type === 'TEXT' && body.message_body.length > TEMPLATE_SMS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['message_body'], message: maxLengthMessage(TEMPLATE_SMS_MAX) });
    }
    const unknown = findUnknownMergeFields(body.message_body);
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['message_body'], message: unknownMergeFieldMessage(unknown) });
    }
  });

export type MessageBody = { language: string; body_type: 'TEXT' | 'EMAIL'; message_body: string };

const templateFields = {
  name: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(TEMPLATE_NAME_MAX_LENGTH, { error: maxLengthMessage(TEMPLATE_NAME_MAX_LENGTH) }),
  description: z
    .string()
    .max(TEMPLATE_DESCRIPTION_MAX_LENGTH, { error: maxLengthMessage(TEMPLATE_DESCRIPTION_MAX_LENGTH) })
    .optional(),
  type: z.enum(TEMPLATE_TYPES, { error: 'Must be a template type' }),
  delta_days: z
    .number({ error: DELTA_DAYS_INVALID })
    .int({ error: DELTA_DAYS_INVALID })
    .min(-TEMPLATE_DELTA_DAYS_LIMIT, { error: DELTA_DAYS_INVALID })
    .max(TEMPLATE_DELTA_DAYS_LIMIT, { error: DELTA_DAYS_INVALID })
    .nullable()
    .optional(),
  message_bodies: z
    .array(messageBodySchema, { error: REQUIRED })
    .max(20)
    .superRefine((bodies, ctx) => {
      const seen = new Set<string>();
      bodies.forEach((body, index) => {
        const key = `${body.language}/${body.body_type}`;
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'body_type'], message: 'One body per language and type' });
        }
        seen.add(key);
      });
    }),
  active: z.boolean().optional(),
  is_visible: z.boolean().optional(),
};

/** The save payload (SPEC §7): name, delta_days, message_bodies, type; the mass modal adds the last three. */
export const messageTemplateInputSchema = z.object(templateFields);
export const messageTemplatePatchSchema = z.object(templateFields).partial();

export const messageTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  active: z.boolean(),
  is_visible: z.boolean(),
  delta_days: z.number().int().nullable(),
  /** The en-US TEXT body, '' when there is none (SPEC §3). */
  sms_body: z.string(),
  message_bodies: z.array(z.object({ language: z.string(), body_type: bodyTypeSchema, message_body: z.string() })),
  created: z.iso.datetime({ offset: true }),
  /** When it last changed (the list's "last changed"). */
  updated: z.iso.datetime({ offset: true }),
});

/** The keys `ordering` accepts on the templates list. */
export const TEMPLATE_SORT_KEYS = ['name', 'updated'] as const;

export const messageTemplateListQuery = paginationQuery
  .extend({
    /** Part of the name, case-insensitively; blank means every template. */
    search: z.string().max(200).optional(),
  })
  .extend(orderingQuery(TEMPLATE_SORT_KEYS, 'name').shape);

/** A customer's or account's id: Required when missing, else a valid id. */
const idField = () => z.uuid({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Must be a valid id') });

/** render: the customer and the account (both of this merchant, the account the customer's) and TEXT or EMAIL. */
export const renderTemplateInputSchema = z.object({
  customer: idField(),
  account: idField(),
  type: bodyTypeSchema.default('TEXT'),
});

/** random_render: a body (unsaved, as typed in the editor) rendered for a random customer of the merchant. */
export const randomRenderInputSchema = z.object({
  message_template_body: z
    .string({ error: REQUIRED })
    .max(TEMPLATE_EMAIL_MAX_LENGTH, { error: maxLengthMessage(TEMPLATE_EMAIL_MAX_LENGTH) }),
  type: bodyTypeSchema.default('TEXT'),
});

/**
 * preview: the editor's draft body (as typed, not yet saved) rendered for a chosen customer and account of the
 * merchant. Like render and random_render it never issues a payment link: `{{payment_link}}` reads as a sample.
 */
export const previewInputSchema = z.object({
  customer: idField(),
  account: idField(),
  message_template_body: randomRenderInputSchema.shape.message_template_body,
  type: bodyTypeSchema.default('TEXT'),
});

export const renderedBodySchema = z.object({
  rendered_body: z.string(),
  /** Whose values were used; null when random_render had no customer and used sample values. */
  customer: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }).nullable(),
});

export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export type MessageTemplateInput = z.input<typeof messageTemplateInputSchema>;
export type RenderedBody = z.infer<typeof renderedBodySchema>;

const tags = ['message templates'];
/** SPEC §6: the template pages' rule (with custom roles super_admin, admin or is_template_update_allowed). */
const access = merchantAccess(ACCESS_REQUIREMENTS.templateUpdate);
const merchantParams = z.object({ id: z.string() });
const templateParams = z.object({ id: z.string(), tid: z.string() });
const BASE = '/merchants/:id/message_templates/';
const ITEM = '/merchants/:id/message_templates/:tid/';

export const messageTemplateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: BASE,
    summary: 'Message templates of a merchant (visible ones, by name)',
    tags,
    access,
    params: merchantParams,
    query: messageTemplateListQuery,
    status: 200,
    response: pageSchema(messageTemplateSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: BASE,
    summary: 'Create a message template',
    tags,
    access,
    params: merchantParams,
    body: messageTemplateInputSchema,
    status: 201,
    response: messageTemplateSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: ITEM,
    summary: 'A message template',
    tags,
    access,
    params: templateParams,
    status: 200,
    response: messageTemplateSchema,
    errors: [401, 403, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: ITEM,
    summary: 'Update a message template (also how the list toggles active)',
    tags,
    access,
    params: templateParams,
    body: messageTemplateInputSchema,
    status: 200,
    response: messageTemplateSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: ITEM,
    summary: 'Change part of a message template',
    tags,
    access,
    params: templateParams,
    body: messageTemplatePatchSchema,
    status: 200,
    response: messageTemplateSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: ITEM,
    summary: 'Delete a message template (system templates can not be deleted)',
    tags,
    access,
    params: templateParams,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
  render: defineEndpoint({
    method: 'POST',
    path: `${ITEM}render/`,
    summary: "Render a template's body with a customer's and account's values",
    tags,
    access,
    params: templateParams,
    body: renderTemplateInputSchema,
    status: 200,
    response: renderedBodySchema,
    errors: [400, 401, 403, 404],
  }),
  renderQuery: defineEndpoint({
    method: 'GET',
    path: `${ITEM}render/`,
    summary: "Render a template's body (the same fields as query parameters)",
    tags,
    access,
    params: templateParams,
    query: renderTemplateInputSchema,
    status: 200,
    response: renderedBodySchema,
    errors: [400, 401, 403, 404],
  }),
  randomRender: defineEndpoint({
    method: 'POST',
    path: `${BASE}random_render/`,
    summary: 'Render a body with a random customer of the merchant (sample values when it has none)',
    tags,
    access,
    params: merchantParams,
    body: randomRenderInputSchema,
    status: 200,
    response: renderedBodySchema,
    errors: [400, 401, 403, 404],
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: `${BASE}preview/`,
    summary: "Render the editor's unsaved body with a chosen customer's and account's values (never issues a link)",
    tags,
    access,
    params: merchantParams,
    body: previewInputSchema,
    status: 200,
    response: renderedBodySchema,
    errors: [400, 401, 403, 404],
  }),
  randomRenderQuery: defineEndpoint({
    method: 'GET',
    path: `${BASE}random_render/`,
    summary: 'Render a body with a random customer (the same fields as query parameters)',
    tags,
    access,
    params: merchantParams,
    query: randomRenderInputSchema,
    status: 200,
    response: renderedBodySchema,
    errors: [400, 401, 403, 404],
  }),
} as const;

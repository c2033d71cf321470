import { DEFAULT_LANGUAGE } from '@paydesk/domain/constants';
import {
  TEMPLATE_TYPE_TAKEN,
  type MessageBody,
  type MessageTemplate,
} from '@paydesk/domain/message-templates/message-templates.contract';
import {
  SYSTEM_TEMPLATE_MUST_STAY_ACTIVE,
  isSystemTemplateType,
  type TemplateType,
} from '@paydesk/domain/message-templates/template-types';
import { REQUIRED, TEMPLATE_NAME_EXISTS } from '@paydesk/domain/validation/messages';
import type { AuditAction } from '@paydesk/domain/audit/audit';
import { findPgError } from '../../lib/database-errors';
import { CatalogueError, FieldErrors, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import {
  deleteTemplate,
  findTemplate,
  findTemplates,
  insertTemplate,
  updateTemplate,
  type MessageTemplateRow,
  type MessageTemplateValues,
} from './message-templates.repository';

/** The en-US TEXT body (SPEC §3's sms_body), '' when there is none. */
export function smsBodyOf(bodies: readonly MessageBody[]): string {
  return bodies.find((body) => body.language === DEFAULT_LANGUAGE && body.body_type === 'TEXT')?.message_body ?? '';
}

export function toTemplateDto(row: MessageTemplateRow): MessageTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    active: row.active,
    is_visible: row.is_visible,
    delta_days: row.delta_days,
    sms_body: smsBodyOf(row.message_bodies),
    message_bodies: row.message_bodies.map(({ language, body_type, message_body }) => ({
      language,
      body_type,
      message_body,
    })),
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

/**
 * A template as the activity log describes it: each body as its own field (`text_body`, `email_body`, and
 * `text_body_es-US` for another language), so an entry shows the words that changed.
 */
function audited(row: MessageTemplateRow) {
  const bodies = Object.fromEntries(
    row.message_bodies
      .map((body) => {
        const key = `${body.body_type.toLowerCase()}_body`;
        return [body.language === DEFAULT_LANGUAGE ? key : `${key}_${body.language}`, body.message_body] as const;
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    name: row.name,
    description: row.description,
    type: row.type,
    active: row.active,
    is_visible: row.is_visible,
    delta_days: row.delta_days,
    ...bodies,
  };
}

/** A change of `active` alone (the list's toggle) reads as enabled or disabled; anything more as updated. */
function updateAction(before: MessageTemplateRow, after: MessageTemplateRow): AuditAction {
  if (before.active === after.active) return 'updated';
  const rest = (row: MessageTemplateRow) => JSON.stringify({ ...audited(row), active: null });
  if (rest(before) !== rest(after)) return 'updated';
  return after.active ? 'enabled' : 'disabled';
}

export function listTemplates(
  ctx: ServiceContext,
  merchantId: string,
  page: { limit: number; offset: number; search?: string; ordering: string },
) {
  return findTemplates(ctx.db, merchantId, { ...page, search: page.search?.trim() ?? '' });
}

export async function getTemplate(
  ctx: ServiceContext,
  merchantId: string,
  templateId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MessageTemplateRow> {
  const template = isUuid(templateId) ? await findTemplate(ctx.db, merchantId, templateId, options) : undefined;
  if (!template) throw notFound();
  return template;
}

type TemplateInput = {
  name?: string;
  description?: string;
  type?: TemplateType;
  delta_days?: number | null;
  message_bodies?: MessageBody[];
  active?: boolean;
  is_visible?: boolean;
};

/**
 * The columns a save writes, after the rules that need the whole template: a system template keeps its type and
 * stays active; a merchant's own type may not become a system type; an UNSCHEDULED template has no delta_days and
 * a SCHEDULED one needs them.
 */
function checkedValues(current: MessageTemplateRow | undefined, input: TemplateInput): Partial<MessageTemplateValues> {
  const type = input.type ?? current?.type ?? 'UNSCHEDULED';
  const errors: Record<string, string[]> = {};
  if (current && isSystemTemplateType(current.type) && type !== current.type) {
    errors.type = ['The type of an auto-generated template can not change'];
  } else if (isSystemTemplateType(type) && current?.type !== type) {
    errors.type = [TEMPLATE_TYPE_TAKEN];
  }
  if (isSystemTemplateType(type) && input.active === false) errors.active = [SYSTEM_TEMPLATE_MUST_STAY_ACTIVE];
  let deltaDays = input.delta_days === undefined ? (current?.delta_days ?? null) : input.delta_days;
  if (type === 'UNSCHEDULED') deltaDays = null;
  if (type === 'SCHEDULED' && deltaDays === null) errors.delta_days = [REQUIRED];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  const values: Partial<MessageTemplateValues> = { type, delta_days: deltaDays };
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.message_bodies !== undefined) values.message_bodies = input.message_bodies;
  if (input.active !== undefined) values.active = input.active;
  if (input.is_visible !== undefined) values.is_visible = input.is_visible;
  return values;
}

/** The unique indexes decide duplicates (two concurrent saves both pass any check); their answers, in SPEC words. */
function mapConstraint(error: unknown): unknown {
  const pg = findPgError(error);
  if (pg?.code !== '23505') return error;
  switch (pg.constraint) {
    case 'message_templates_merchant_name_idx':
      return FieldErrors.of('name', TEMPLATE_NAME_EXISTS);
    case 'message_templates_schedule_idx':
      return new CatalogueError('template.schedule_clash');
    case 'message_templates_merchant_system_type_idx':
      return FieldErrors.of('type', TEMPLATE_TYPE_TAKEN);
    default:
      return error;
  }
}

async function mappingConstraints<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapConstraint(error);
  }
}

export async function createTemplate(
  ctx: ServiceContext,
  merchantId: string,
  actor: Actor,
  input: TemplateInput & { name: string; message_bodies: MessageBody[] },
): Promise<MessageTemplateRow> {
  const values = checkedValues(undefined, input);
  return mappingConstraints(() =>
    withTransaction(ctx, async (tx) => {
      const template = await insertTemplate(tx.db, merchantId, {
        ...values,
        name: input.name,
        type: values.type ?? 'UNSCHEDULED',
        message_bodies: input.message_bodies,
      });
      await recordChange(tx, {
        merchantId,
        actor,
        kind: 'message_template',
        action: 'created',
        subjectId: template.id,
        subjectLabel: template.name,
        after: audited(template),
      });
      return template;
    }),
  );
}

/** PUT and PATCH: the given fields change, the rules of `checkedValues` hold for the result. */
export async function changeTemplate(
  ctx: ServiceContext,
  merchantId: string,
  templateId: string,
  actor: Actor,
  input: TemplateInput,
): Promise<MessageTemplateRow> {
  return mappingConstraints(() =>
    withTransaction(ctx, async (tx) => {
      const current = await getTemplate(tx, merchantId, templateId, { forUpdate: true });
      const updated = await updateTemplate(tx.db, current.id, checkedValues(current, input));
      // An update that changed nothing records nothing (the audit core skips it).
      await recordChange(tx, {
        merchantId,
        actor,
        kind: 'message_template',
        action: updateAction(current, updated),
        subjectId: updated.id,
        subjectLabel: updated.name,
        before: audited(current),
        after: audited(updated),
      });
      return updated;
    }),
  );
}

/** A system template is the product's own message for its event: it can be changed but not deleted. */
export async function removeTemplate(
  ctx: ServiceContext,
  merchantId: string,
  templateId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const template = await getTemplate(tx, merchantId, templateId, { forUpdate: true });
    if (isSystemTemplateType(template.type)) {
      throw FieldErrors.of('non_field_errors', 'Auto-generated templates can not be deleted.');
    }
    await deleteTemplate(tx.db, template.id);
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'message_template',
      action: 'deleted',
      subjectId: template.id,
      subjectLabel: template.name,
      before: audited(template),
    });
  });
}

import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import { AUDIT_ACTIONS, AUDIT_KINDS } from './audit';

/** Page sizes the Activity screen offers. */
export const ACTIVITY_PAGE_SIZES = [50, 75, 100] as const;

export const activityEntrySchema = z.object({
  id: z.uuid(),
  created: z.iso.datetime({ offset: true }),
  /** Null when the person was removed since, or for changes the system made. */
  actor_id: z.uuid().nullable(),
  /** As written at the time of the change. */
  actor_name: z.string(),
  kind: z.enum(AUDIT_KINDS),
  action: z.enum(AUDIT_ACTIONS),
  subject_id: z.uuid().nullable(),
  subject_label: z.string(),
  /** The changed fields before and after; secrets are `MASKED_SECRET`, amounts integer cents as recorded. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

/** Newest first; `actor` is a user id, `kind` one of AUDIT_KINDS. */
export const activityListQuery = paginationQuery.extend({
  actor: z.uuid({ error: 'Must be a valid user id' }).optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
});

export const activityActorSchema = z.object({ id: z.uuid(), name: z.string() });

export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export type ActivityActor = z.infer<typeof activityActorSchema>;
export type ActivityListQuery = z.input<typeof activityListQuery>;

const tags = ['activity'];
const access = merchantAccess(ACCESS_REQUIREMENTS.merchantSettings);
const params = z.object({ id: z.string() });

export const activityEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/activity/',
    summary: "The merchant's audit log: changes to its setup, newest first",
    tags,
    access,
    params,
    query: activityListQuery,
    status: 200,
    response: pageSchema(activityEntrySchema),
    errors: [400, 401, 403, 404],
  }),
  actors: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/activity/actors/',
    summary: "The people who appear in the merchant's audit log, by name",
    tags,
    access,
    params,
    status: 200,
    response: z.object({ results: z.array(activityActorSchema) }),
    errors: [401, 403, 404],
  }),
} as const;

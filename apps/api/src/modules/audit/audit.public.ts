// The audit core, as other modules use it: who made a change (`Actor`), the merchant's activity log
// (`recordChange`), and the trail machinery another history is written with (`recordInTrail`, as the customer
// history does). The diff of before and after and the masking of secrets happen inside; see decision 0013.

export { actorIdOf, actorNameOf, type Actor } from './audit.actor';
export { recordChange, type Change } from './audit.record';
export { recordInTrail, type AuditContext, type AuditedChange, type AuditTrail } from './audit.trail';
export type { AuditValues } from './audit.values';

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';

/**
 * Who made a change: a user, or null for the system (a job acting on its own, an integration sync, the demo seed).
 * A user is known by id. A caller that holds the user's row (the signed-in user) passes it whole, so the activity log
 * copies the name from it; a job acting for the user who queued it passes `{ id }` and the name is read.
 */
export type Actor = { id: string; first_name?: string; last_name?: string; email?: string } | null;

/** The id an entry keeps for its actor: null for the system. */
export function actorIdOf(actor: Actor): string | null {
  return actor?.id ?? null;
}

/** How an entry names its actor: 'System', else the person's name, else their email. */
export async function actorNameOf(db: Db, actor: Actor): Promise<string> {
  if (!actor) return 'System';
  const person = hasName(actor) ? actor : await findPerson(db, actor.id);
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name || person.email;
}

type Person = { first_name: string; last_name: string; email: string };

function hasName(actor: NonNullable<Actor>): actor is NonNullable<Actor> & Person {
  return actor.first_name !== undefined && actor.last_name !== undefined && actor.email !== undefined;
}

async function findPerson(db: Db, userId: string): Promise<Person> {
  const [person] = await db
    .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  // An entry's actor is a foreign key to users: a user who is gone could not be recorded anyway.
  if (!person) throw new Error(`audit: actor ${userId} is not a user`);
  return person;
}

import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Inserts many rows as one JSON parameter read by `jsonb_to_recordset`: one short statement to parse and plan
 * whatever the row count, where a multi-row VALUES needs a parameter per cell. `columns` maps each column to its
 * SQL type (code constants, never input); keys of a row missing from `columns` are ignored, columns missing from a
 * row are null.
 */
export async function insertJsonRecords(
  db: Db,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const types = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(', '));
  await db.execute(sql`
    insert into ${sql.identifier(table)} (${list})
    select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${types})
  `);
}

/**
 * `insertJsonRecords`'s counterpart: updates many rows, each to its own values, from one JSON parameter. Each
 * record names its row by `key` (a column of `columns`) and sets every other column of `columns` (null when the
 * record lacks it).
 */
export async function updateJsonRecords(
  db: Db,
  table: string,
  key: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  if (!names.includes(key)) throw new Error(`updateJsonRecords: ${key} is not among the columns`);
  const set = sql.raw(
    names
      .filter((name) => name !== key)
      .map((name) => `"${name}" = v."${name}"`)
      .join(', '),
  );
  const types = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(', '));
  await db.execute(sql`
    update ${sql.identifier(table)} t set ${set}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${types})
    where t.${sql.identifier(key)} = v.${sql.identifier(key)}
  `);
}

import type { Db } from './client';

/**
 * Hot queries are built once and prepared under a name, so drizzle does not rebuild the SQL on every call and
 * PostgreSQL parses and plans it once per connection. A prepared query belongs to one database handle (the app's
 * `db`, or an open transaction), so it is kept per handle and per variant (a variant is one fixed SQL text,
 * e.g. "with search" or "sorted by name"); the variant is part of the statement's name.
 */
export function preparedStatements<Variant extends string, Statement>(
  name: string,
  build: (db: Db, statementName: string, variant: Variant) => Statement,
): (db: Db, variant: Variant) => Statement {
  const byDb = new WeakMap<Db, Map<Variant, Statement>>();
  return (db, variant) => {
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    let statement = statements.get(variant);
    if (!statement) {
      const suffix = variant.replaceAll('-', 'desc_').replace(/\W/g, '_');
      statement = build(db, suffix ? `${name}_${suffix}` : name, variant);
      statements.set(variant, statement);
    }
    return statement;
  };
}

/** A query with one fixed SQL text, prepared once per database handle. */
export function preparedStatement<Statement>(
  name: string,
  build: (db: Db, statementName: string) => Statement,
): (db: Db) => Statement {
  const statements = preparedStatements<'', Statement>(name, (db, statementName) => build(db, statementName));
  return (db) => statements(db, '');
}

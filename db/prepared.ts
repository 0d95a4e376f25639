import type { DbLike } from "./index";

const built = new WeakMap<DbLike, Map<string, unknown>>();

/**
 * The statement `name`, built by drizzle once per database handle and then only executed with its
 * placeholders: building a select (columns, casing, joins) costs more CPU than a short indexed read, so
 * the queries every request sends are prepared once per process.
 */
export function prepared<T>(db: DbLike, name: string, build: (db: DbLike) => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

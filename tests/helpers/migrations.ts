// A fresh PGlite database brought to the state just before one migration, to test that migration on data.
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const FOLDER = path.join(process.cwd(), "db/migrations");

/**
 * A new in-memory database with every migration before the one whose file name contains `name` applied;
 * `applyIt()` then runs that migration (statement by statement, as drizzle's migrator does).
 */
export async function databaseBefore(name: string): Promise<{ client: PGlite; applyIt: () => Promise<void> }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const files = fs
    .readdirSync(FOLDER)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const index = files.findIndex((f) => f.includes(name));
  if (index <= 0) throw new Error(`migration introuvable : ${name}`);
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = new PGlite({ extensions: { pg_trgm } });
  const run = async (file: string) => {
    for (const statement of fs.readFileSync(path.join(FOLDER, file), "utf8").split("--> statement-breakpoint"))
      if (statement.trim()) await client.exec(statement);
  };
  for (const file of files.slice(0, index)) await run(file);
  return { client, applyIt: () => run(files[index]!) };
}

// A URL deleted while a large catalogue's changes are being computed: the computation, which cannot see the
// uncommitted deletion, must not be kept as the snapshot readers page through for the next two minutes (the
// deleting statement raised the workspace's epoch; the keeper finds it held or moved). PostgreSQL only
// (`.pg.test.ts`): PGlite has one connection.
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { readChanges } from "@/lib/insights";
import type { TChangesQuery } from "@/lib/insights/schemas";
import { signUp } from "../helpers/api";
import { subscribe } from "./history-fixtures";
import { seedMovedCatalogue } from "./insights-fixtures";

if (!process.env.DATABASE_URL) throw new Error("change-snapshots-race.pg.test.ts : PostgreSQL seulement");

const PRODUCTS = 420;
const T0 = Date.now();
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const query = (q: Partial<TChangesQuery> = {}): TChangesQuery => ({ period: "day", kind: "all", limit: 500, ...q });
let workspaceId: string;
let other: ReturnType<typeof postgres>;

beforeAll(async () => {
  other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  ({ workspaceId } = await signUp());
  await subscribe(workspaceId, "entreprise");
  await seedMovedCatalogue(workspaceId, PRODUCTS);
}, 300_000);

afterAll(async () => {
  await other.end();
});

it("a computation that began before a URL's deletion committed is not kept", async () => {
  const db = await getDb();
  expect((await readChanges(workspaceId, query(), at(0))).as_of).toBe(at(0).toISOString());
  const [victim] = await queryRows<{ id: string }>(
    db,
    sql`select x.url_id as id from change_snapshot_lines l join change_snapshots s on s.id = l.snapshot_id,
               jsonb_to_record(l.line) as x(url_id uuid)
         where s.workspace_id = ${workspaceId} and l.kind_rank = 0 order by l.place limit 1`,
  );
  await other`begin`;
  let committed = false;
  const commit = async () => {
    if (committed) return;
    committed = true;
    await other`commit`;
  };
  try {
    await other`delete from product_urls where id = ${victim!.id}`;
    // three minutes later the snapshot is stale: a reader computes, without seeing the uncommitted deletion
    const reading = readChanges(workspaceId, query({ kind: "drop" }), at(180));
    // the reader must not wait for the deleting transaction (if it did, the deletion commits after 20 s)
    const waited = await Promise.race([
      reading.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 20_000)),
    ]);
    expect(waited).toBe(false);
    expect((await reading).changes.some((c) => c.url_id === victim!.id)).toBe(true);
  } finally {
    await commit();
  }
  const served = await readChanges(workspaceId, query({ kind: "drop" }), at(200));
  expect(served.changes.some((c) => c.url_id === victim!.id)).toBe(false);
  expect(served.as_of).toBe(at(200).toISOString());
});

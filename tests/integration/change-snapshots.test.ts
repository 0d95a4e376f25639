import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import { readChanges, refreshChangeSnapshots } from "@/lib/insights";
import { SNAPSHOT_FROM_URLS } from "@/lib/insights/change-snapshots";
import { getChanges } from "@/lib/insights/get-changes";
import { CHANGE_KINDS, type TChangesQuery } from "@/lib/insights/schemas";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";
import { seedMovedCatalogue } from "./insights-fixtures";

// A large catalogue's changes are computed once a minute and paged from change_snapshots; a small one's per request.
// The large workspace here: 420 products × 5 URLs, one URL of each moved today (every URL is read: 2,100 ≥ 2,000).
const PRODUCTS = 420;
const T0 = Date.now();
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const query = (q: Partial<TChangesQuery> = {}): TChangesQuery => ({ period: "day", kind: "all", limit: 100, ...q });
let large: string;
let small: string;

const snapshots = async (workspaceId: string) =>
  queryRows<{ period: string; basis: string; computed_at: Date; lines: number }>(
    await getDb(),
    sql`select s.period, s.basis, s.computed_at, (select count(*)::int from change_snapshot_lines l where l.snapshot_id = s.id) as lines
          from change_snapshots s where s.workspace_id = ${workspaceId} order by s.period, s.basis`,
  );

/** The big statement of a computation (its `listed` rows), counted. */
function countComputations() {
  let n = 0;
  const stop = onQuery((text) => {
    if (/with listed as materialized/.test(text)) n++;
  });
  return { stop, count: () => n };
}

const sameAnswer = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const { as_of: _a, ...x } = a;
  const { as_of: _b, ...y } = b;
  expect(x).toEqual(y);
};

beforeAll(async () => {
  ({ workspaceId: large } = await signUp());
  await subscribe(large, "entreprise");
  await seedMovedCatalogue(large, PRODUCTS);
  ({ workspaceId: small } = await signUp());
  await subscribe(small, "professionnel");
  const p = await seedProduct(small, "Lampe", null);
  const u = await seedUrl(small, p.id, "Fnac", "https://www.fnac.com/lampe");
  await seedHistory(u.id, [
    { price: "50.00", at: daysAgo(2) },
    { price: "45.00", at: daysAgo(0, 2) },
  ]);
}, 300_000);

describe("a large catalogue", () => {
  it("is computed once, kept, and paged from what was kept: the same answer as computing it then", async () => {
    expect(SNAPSHOT_FROM_URLS).toBeLessThanOrEqual(PRODUCTS * 5);
    const first = await readChanges(large, query(), at(0));
    expect(first.as_of).toBe(at(0).toISOString());
    expect(first.total).toBeGreaterThan(300);
    sameAnswer(first, await getChanges(large, query(), at(0)));
    const kept = await snapshots(large);
    expect(kept).toMatchObject([{ period: "day", basis: "price" }]);
    // each kind's first 500 lines at most: drops, rises, out of stock
    expect(kept[0]!.lines).toBeLessThanOrEqual(first.total);

    const computations = countComputations();
    try {
      for (const kind of ["all", ...CHANGE_KINDS] as const) {
        for (const limit of [3, 500]) {
          const paged = await readChanges(large, query({ kind, limit }), at(20));
          expect(paged.as_of, `${kind} ${limit}`).toBe(at(0).toISOString());
          sameAnswer(paged, await getChanges(large, query({ kind, limit }), at(0)));
        }
      }
    } finally {
      computations.stop();
    }
    // only getChanges computed (12 calls): the reads were pages of the snapshot
    expect(computations.count()).toBe(12);
  });

  it("a new move shows once the snapshot is computed again: by the job, or by a reader after two minutes", async () => {
    const db = await getDb();
    const [url] = await queryRows<{ id: string }>(
      db,
      sql`select id from product_urls where workspace_id = ${large} and name = 'Marchand 3' order by url limit 1`,
    );
    await db.execute(sql`insert into price_history (url_id, price, currency, available, created_at)
                         values (${url!.id}, 1, 'EUR', true, ${at(10).toISOString()}::timestamptz)`);
    const before = await readChanges(large, query({ kind: "drop", limit: 1 }), at(30));
    expect(before.as_of).toBe(at(0).toISOString());
    expect(before.changes[0]?.url_id).not.toBe(url!.id);
    // the job leaves a snapshot computed less than 40 s ago, and computes an older one read lately
    expect(await refreshChangeSnapshots(() => at(35))).toEqual({ refreshed: 0, failed: 0 });
    expect(await refreshChangeSnapshots(() => at(45))).toEqual({ refreshed: 1, failed: 0 });
    const after = await readChanges(large, query({ kind: "drop", limit: 1 }), at(50));
    expect(after.as_of).toBe(at(45).toISOString());
    expect(after.changes[0]).toMatchObject({ url_id: url!.id, after_price: "1.00" });
    expect(after.counts.drop).toBe(before.counts.drop + 1);
    // without the job, a reader finds it more than 2 minutes old and computes
    const late = await readChanges(large, query({ kind: "drop", limit: 1 }), at(45 + 121));
    expect(late.as_of).toBe(at(45 + 121).toISOString());
    sameAnswer(late, await getChanges(large, query({ kind: "drop", limit: 1 }), at(45 + 121)));
  });

  it("a first read computes what was asked, then every kind to keep; concurrent readers of a stale one share one", async () => {
    const first = countComputations();
    try {
      expect((await readChanges(large, query({ period: "week", kind: "rise", limit: 2 }), at(79))).as_of).toBe(
        at(79).toISOString(),
      );
    } finally {
      first.stop();
    }
    expect(first.count()).toBe(2);
    const computations = countComputations();
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => readChanges(large, query({ period: "week" }), at(200))),
      );
      expect(new Set(answers.map((a) => a.as_of))).toEqual(new Set([at(200).toISOString()]));
    } finally {
      computations.stop();
    }
    expect(computations.count()).toBe(1);
  });

  it("the job keeps only what is read: not refreshed after 10 minutes unread, dropped after an hour", async () => {
    expect((await snapshots(large)).map((s) => s.period)).toEqual(["day", "week"]);
    // the 'week' one read at 200 s, the 'day' one at 166 s: 10 minutes later neither is refreshed
    expect(await refreshChangeSnapshots(() => at(200 + 601))).toEqual({ refreshed: 0, failed: 0 });
    expect(await snapshots(large)).toHaveLength(2);
    expect(await refreshChangeSnapshots(() => at(200 + 3601))).toEqual({ refreshed: 0, failed: 0 });
    expect(await snapshots(large)).toEqual([]);
  });

  it("the job's own refreshes are not reads: a snapshot read once is refreshed for 10 minutes, then left", async () => {
    await readChanges(large, query(), at(4000));
    let refreshed = 0;
    for (let minute = 1; minute <= 25; minute++) {
      refreshed += (await refreshChangeSnapshots(() => at(4000 + minute * 60))).refreshed;
    }
    // read at 4,000 s: refreshed at each minute up to 4,600 s (10 minutes), then no more, dropped after an hour
    expect(refreshed).toBe(10);
    await refreshChangeSnapshots(() => at(4000 + 3601));
    expect(await snapshots(large)).toEqual([]);
  });

  it("a snapshot stamped by a clock far ahead is replaced by the next computation", async () => {
    const db = await getDb();
    await readChanges(large, query(), at(9000));
    await db.execute(sql`update change_snapshots set computed_at = computed_at + interval '100 s'
                          where workspace_id = ${large}`);
    const computations = countComputations();
    try {
      expect((await readChanges(large, query(), at(9010))).as_of).toBe(at(9010).toISOString());
      expect((await readChanges(large, query(), at(9020))).as_of).toBe(at(9010).toISOString());
    } finally {
      computations.stop();
    }
    expect(computations.count()).toBe(1);
  });

  it("deleting a URL or correcting a reading outdates the workspace's snapshots, not another's", async () => {
    const db = await getDb();
    const other = (await signUp()).workspaceId;
    await readChanges(large, query(), at(10300));
    await db.execute(sql`insert into change_snapshots (workspace_id, period, basis, computed_at, since, counts, viewed_at, took_ms)
                         values (${other}, 'day', 'price', now(), now(), '{}', now(), 1)`);
    expect(await snapshots(large)).toHaveLength(1);
    const finite = async () => (await snapshots(large)).map((s) => Number.isFinite(new Date(s.computed_at).getTime()));
    const [url] = await queryRows<{ id: string }>(
      db,
      sql`select id from product_urls where workspace_id = ${large} and name = 'Marchand 5' order by url limit 1`,
    );
    await db.execute(sql`delete from product_urls where id = ${url!.id}`);
    expect(await finite()).toEqual([false]);
    expect(Number.isFinite(new Date((await snapshots(other))[0]!.computed_at).getTime())).toBe(true);
    const recomputed = await readChanges(large, query(), at(10301));
    expect(recomputed.as_of).toBe(at(10301).toISOString());
    expect(await finite()).toEqual([true]);
    // a correction: the user picked the right price on the page of a wrong reading, which the next one corrects
    const [moved] = await queryRows<{ id: string }>(
      db,
      sql`select id from product_urls where workspace_id = ${large} and name = 'Marchand 1' order by url limit 1`,
    );
    await db.execute(sql`update product_urls set correcting_id = latest_reading_id where id = ${moved!.id}`);
    await db.execute(sql`insert into price_history (url_id, price, currency, available, kind, created_at)
                         values (${moved!.id}, 555, 'EUR', true, 'reading', ${at(10305).toISOString()}::timestamptz)`);
    const [corrected] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from price_history where url_id = ${moved!.id} and corrected_by is not null`,
    );
    expect(corrected!.n).toBeGreaterThan(0);
    expect(await finite()).toEqual([false]);
    const fresh = await readChanges(large, query(), at(10320));
    sameAnswer(fresh, await getChanges(large, query(), at(10320)));
  });
});

describe("a small catalogue", () => {
  it("is computed per request, exact to the instant, and nothing is kept", async () => {
    const answer = await readChanges(small, query(), at(0));
    expect(answer).toMatchObject({ as_of: null, total: 1, counts: { drop: 1 } });
    sameAnswer(answer, await getChanges(small, query(), at(0)));
    expect(await snapshots(small)).toEqual([]);
  });
});

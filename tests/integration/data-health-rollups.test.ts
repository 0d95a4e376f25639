// The data-health screen at size: its state counts, 'late' filter and digest through indexes, its freshness and
// per-shop figures from shop_check_days and shop_url_counts, checked against the definitions they replace (the
// queries over every URL and every check of 7 days, kept here as the reference) on varied data.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { countHealthStates, getFreshness, getShopStats, listHealthUrls, summarizeBrokenUrls } from "@/lib/health";
import { periodOf, shopOf, stateOf } from "@/lib/health/health-sql";
import { HEALTH_STATES } from "@/lib/health/schemas";
import { alertsUser } from "./alerts-fixtures";

const STATUSES = ["pending", "ok", "no_price", "uncertain", "blocked", "unreachable", "error", "paused"];
const FREQUENCIES = ["hourly", "daily", "weekly"];
// hours since the last check, around each threshold (1.25 h and 30 h, or 150 h) but never within minutes of one
const AGES = [null, 0.5, 1.1, 1.4, 20, 29, 31, 100, 149, 151, 400];

/** A workspace of URLs in every combination of the columns stateOf reads. */
async function variedUrls(plan: "freemium" | "professionnel") {
  const user = await alertsUser(plan);
  const db = await getDb();
  await db.execute(sql`insert into products (workspace_id, name) values (${user.workspaceId}, 'Robot pâtissier')`);
  await db.execute(sql`
    insert into product_urls (product_id, workspace_id, name, url, tracking_frequency, paused, last_status,
      selector_lost_at, consecutive_failures, last_checked_at, created_at)
    select p.id, p.workspace_id, 'Source ' || n, 'https://shop' || (n % 7) || '.example/p/' || n, f, (n % 11 = 3),
      s, case when n % 9 = 4 then now() end, n % 6,
      case when a is null then null else now() - make_interval(secs => a * 3600) end,
      now() - make_interval(secs => (n % 5) * 20 * 3600)
    from products p,
      (select row_number() over () as n, s, f, a
         from unnest(${sql.raw(`array['${STATUSES.join("','")}']`)}) s,
              unnest(${sql.raw(`array['${FREQUENCIES.join("','")}']`)}) f,
              unnest(${sql.raw(`array[${AGES.map((a) => (a === null ? "null" : a)).join(",")}]::float8[]`)}) a) v
    where p.workspace_id = ${user.workspaceId}`);
  return user;
}

describe("URL states through indexes", () => {
  for (const plan of ["professionnel", "freemium"] as const) {
    it(`counts, the 'late' filter and the digest equal stateOf over every URL (${plan})`, async () => {
      const { workspaceId } = await variedUrls(plan);
      const db = await getDb();
      const hasAutomation = plan === "professionnel";
      const reference = await queryRows<{ id: string; state: string; failures: number }>(
        db,
        sql`select pu.id, ${stateOf("pu", hasAutomation)} as state, pu.consecutive_failures as failures
          from product_urls pu where pu.workspace_id = ${workspaceId} order by pu.id`,
      );
      expect(reference).toHaveLength(STATUSES.length * FREQUENCIES.length * AGES.length);
      const expected = new Map<string, number>();
      for (const r of reference) expected.set(r.state, (expected.get(r.state) ?? 0) + 1);
      // the data has each state, late ones too among the statuses no earlier state takes ('pending', 'paused')
      expect([...expected.keys()].sort()).toEqual(
        ["blocked", "late", "not_found", "paused", "rule_lost", "uncertain", "up_to_date"].sort(),
      );
      const counts = await countHealthStates(db, workspaceId, hasAutomation);
      expect(Object.fromEntries(counts.map((c) => [c.state, c.count]))).toEqual(
        Object.fromEntries(counts.map((c) => [c.state, expected.get(c.state) ?? 0])),
      );

      // 'late' and 'à jour' in the order of the next check's due time (last check plus the applied period, in
      // hours), then id; the others in id order
      const hours = sql`(case pu.tracking_frequency when 'hourly' then ${sql.raw(hasAutomation ? "1" : "24")}
        when 'daily' then 24 else 168 end) * interval '1 hour'`;
      const byDue = await queryRows<{ id: string; state: string }>(
        db,
        sql`select pu.id, ${stateOf("pu", hasAutomation)} as state from product_urls pu
          where pu.workspace_id = ${workspaceId}
          order by coalesce(pu.last_checked_at, pu.created_at) + ${hours}, pu.id`,
      );
      for (const state of HEALTH_STATES) {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 100; page += 1) {
          const res = await listHealthUrls(db, workspaceId, { state, limit: 7, ...(cursor ? { cursor } : {}) });
          seen.push(...res.items.map((i) => i.id));
          expect(res.items.every((i) => i.state === state)).toBe(true);
          cursor = res.next_cursor ?? undefined;
          if (!cursor) break;
        }
        const order = state === "late" || state === "up_to_date" ? byDue : reference;
        expect(seen).toEqual(order.filter((r) => r.state === state).map((r) => r.id));
      }

      const digest = await summarizeBrokenUrls(db, workspaceId);
      const broken = reference
        .filter((r) => ["blocked", "not_found", "uncertain", "rule_lost", "late"].includes(r.state))
        .sort((a, b) => b.failures - a.failures || (a.id < b.id ? -1 : 1));
      expect(digest?.total).toBe(broken.length);
      expect(digest?.examples.map((e) => [e.urlName, e.failures])).toEqual(
        await Promise.all(
          broken.slice(0, 5).map(async (r) => {
            const [u] = await queryRows<{ name: string }>(db, sql`select name from product_urls where id = ${r.id}`);
            return [u!.name, r.failures];
          }),
        ),
      );
    });
  }
});

describe("the 'late' list paged while URLs change", () => {
  it("lists once every URL late throughout, none twice, while the listed ones are checked and others fall late", async () => {
    const { workspaceId } = await variedUrls("professionnel");
    const db = await getDb();
    const idsOf = async (state: string) =>
      (
        await queryRows<{ id: string }>(
          db,
          sql`select pu.id from product_urls pu where pu.workspace_id = ${workspaceId}
            and ${stateOf("pu", true)} = ${state} order by pu.id`,
        )
      ).map((r) => r.id);
    const late = await idsOf("late");
    const upToDate = await idsOf("up_to_date");
    expect(late.length).toBeGreaterThan(12);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const res = await listHealthUrls(db, workspaceId, { state: "late", limit: 4, ...(cursor ? { cursor } : {}) });
      const ids = res.items.map((i) => i.id);
      seen.push(...ids);
      expect(res.items.every((i) => i.state === "late")).toBe(true);
      // the page re-scraped (its URLs leave the list), and an URL up to date not checked for 400 h (late now)
      if (ids.length > 0)
        await db.execute(sql`update product_urls set last_checked_at = now()
          where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`);
      const fallen = upToDate.pop();
      if (fallen)
        await db.execute(
          sql`update product_urls set last_checked_at = now() - interval '400 hours' where id = ${fallen}`,
        );
      cursor = res.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => late.includes(id)).sort()).toEqual([...late].sort());
  });
});

/** getFreshness and getShopStats as they read every check of the last 7 days (rolling), before the rollup. */
async function referenceFigures(workspaceId: string, hasAutomation: boolean) {
  const db = await getDb();
  const period = periodOf(sql`pu.tracking_frequency`, hasAutomation);
  const [freshness] = await queryRows<{ on_time: number | string; due: number | string }>(
    db,
    sql`with t as (
        select st.status, st.finished_at, st.created_at, ${period} as period,
          case when st.metadata ? 'prev_reading_at' then (st.metadata->>'prev_reading_at')::timestamptz
            else prev.created_at end as prev
        from scrape_tasks st join product_urls pu on pu.id = st.url_id
          left join lateral (select ph.created_at from price_history ph
            where not st.metadata ? 'prev_reading_at' and ph.url_id = st.url_id and ph.created_at < st.created_at
            order by ph.created_at desc limit 1) prev on true
        where st.workspace_id = ${workspaceId} and st.trigger = 'schedule' and st.status <> 'cancelled'
          and st.created_at >= now() - interval '7 days'
      ), d as (
        select status, finished_at,
          (case when prev is null or prev < created_at - 2 * period then created_at else prev + period end)
            + period * 0.25::float8 as deadline
        from t
      )
      select count(*) filter (where status = 'completed' and finished_at <= deadline) as on_time,
        count(*) filter (where status in ('completed', 'failed') or deadline < now()) as due
      from d`,
  );
  const host = sql`(case when st.host <> '' then regexp_replace(st.host, '^www\\.', '') else ${shopOf(sql`st.url`)} end)`;
  const ms = sql`extract(epoch from st.finished_at - st.started_at) * 1000`;
  const shops = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select ${host} as shop, count(*) as finished, count(*) filter (where st.status = 'completed') as succeeded,
        percentile_cont(0.5) within group (order by ${ms}) filter (where st.started_at is not null) as exact,
        percentile_cont(0.5) within group (order by health_duration_key(${ms}))
          filter (where st.started_at is not null) as rounded
      from scrape_tasks st
      where st.workspace_id = ${workspaceId} and st.status in ('completed', 'failed')
        and st.created_at >= now() - interval '7 days'
      group by 1 order by 1`,
  );
  const urls = await queryRows<{ shop: string; urls: number | string }>(
    db,
    sql`select ${shopOf(sql`pu.url`)} as shop, count(*) as urls from product_urls pu
      where pu.workspace_id = ${workspaceId} group by 1 order by 1`,
  );
  return { freshness: freshness!, shops, urls };
}

describe("freshness and shop figures from shop_check_days", () => {
  it("equal the figures over every check, whether checks finish on insert, by update, after retries or not at all", async () => {
    const { workspaceId } = await variedUrls("professionnel");
    const db = await getDb();
    // readings for the checks queued before the sweep recorded the previous one (the history's probe)
    await db.execute(sql`
      insert into price_history (url_id, price, currency, available, created_at)
      select id, 10, 'EUR', true, now() - interval '3 days' from product_urls where workspace_id = ${workspaceId}`);
    // 1,500 checks of the last 5 days (both windows hold them) and some of 9 days ago (neither does); hosts with
    // and without "www.", and none (older tasks); scheduled or not; some without a claim time
    await db.execute(sql`
      with u as (select id, url, row_number() over (order by id) as k from product_urls where workspace_id = ${workspaceId}),
      g as (select g, 1 + (g * 37) % (select count(*) from u) as k from generate_series(1, 1500) g)
      insert into scrape_tasks (workspace_id, url_id, url, host, status, trigger, created_at, started_at, finished_at,
        metadata)
      select ${workspaceId}::uuid, u.id, u.url,
        case g % 3 when 0 then '' when 1 then 'www.' || substring(u.url from '://([^/]+)') else substring(u.url from '://([^/]+)') end,
        (array['completed', 'completed', 'completed', 'failed', 'cancelled', 'pending', 'processing'])[1 + g % 7],
        case when g % 4 = 0 then 'manual' else 'schedule' end,
        now() - make_interval(secs => case when g % 50 = 0 then 9 * 86400 else (g * 283) % (5 * 86400) end),
        case when g % 13 = 0 then null else now() - make_interval(secs => case when g % 50 = 0 then 9 * 86400 else (g * 283) % (5 * 86400) end) + make_interval(secs => (g % 97) * 1800) end,
        case when (array['completed', 'completed', 'completed', 'failed', 'cancelled', 'pending', 'processing'])[1 + g % 7] in ('completed', 'failed')
          then now() - make_interval(secs => case when g % 50 = 0 then 9 * 86400 else (g * 283) % (5 * 86400) end)
            + make_interval(secs => (g % 97) * 1800) + make_interval(secs => (g * 7919 % 200000) / 1000.0) end,
        case when g % 5 = 0 then '{}'::jsonb
          else jsonb_build_object('prev_reading_at', now() - make_interval(secs => (g * 283) % (5 * 86400) + (g % 40) * 3600)) end
      from g join u using (k)
      on conflict do nothing`);
    // checks that finish later: claimed, then completed or failed (one statement each, and several at once)
    await db.execute(sql`
      update scrape_tasks set status = 'processing', started_at = now() - interval '3 seconds'
      where workspace_id = ${workspaceId} and status = 'pending' and trigger = 'schedule'`);
    await db.execute(sql`
      update scrape_tasks set status = case when id::text < '8' then 'completed' else 'failed' end, finished_at = now()
      where workspace_id = ${workspaceId} and status = 'processing' and trigger = 'schedule'`);
    // a retry moves no figure until it finishes; a lease renewal none
    const [retry] = await queryRows<{ id: string }>(
      db,
      sql`update scrape_tasks set status = 'retry' where id = (select id from scrape_tasks
        where workspace_id = ${workspaceId} and status = 'processing' limit 1) returning id`,
    );
    await db.execute(sql`update scrape_tasks set updated_at = now() where workspace_id = ${workspaceId}`);
    if (retry) {
      await db.execute(sql`update scrape_tasks set status = 'failed', finished_at = now() where id = ${retry.id}`);
    }

    // a scheduled check still waiting past its deadline (a daily URL read 4 days ago, queued 3 days ago) counts
    await db.execute(sql`
      insert into scrape_tasks (workspace_id, url_id, url, host, status, trigger, created_at, metadata)
      select pu.workspace_id, pu.id, pu.url, '', 'pending', 'schedule', now() - interval '3 days',
        jsonb_build_object('prev_reading_at', now() - interval '4 days')
      from product_urls pu where pu.workspace_id = ${workspaceId} and pu.tracking_frequency = 'daily'
        and not exists (select 1 from scrape_tasks t where t.url_id = pu.id and t.status in ('pending', 'processing', 'retry'))
      limit 2`);
    const reference = await referenceFigures(workspaceId, true);
    expect(Number(reference.freshness.due)).toBeGreaterThan(500);
    const freshness = await getFreshness(db, workspaceId, true);
    expect({ on_time: freshness.on_time, due: freshness.due }).toEqual({
      on_time: Number(reference.freshness.on_time),
      due: Number(reference.freshness.due),
    });

    const shops = await getShopStats(db, workspaceId);
    expect(reference.shops.length).toBe(7);
    for (const ref of reference.shops) {
      const got = shops.find((s) => s.shop === ref.shop);
      expect(got, String(ref.shop)).toBeDefined();
      expect(got!.checks).toBe(Number(ref.finished));
      expect(got!.success_rate).toBe(Math.round((Number(ref.succeeded) / Number(ref.finished)) * 100));
      // the median of the fetch times rounded down to 2 significant digits: at most 10 % under the exact one
      expect(got!.median_ms).toBe(Math.round(Number(ref.rounded)));
      expect(got!.median_ms!).toBeLessThanOrEqual(Math.round(Number(ref.exact)));
      expect(got!.median_ms!).toBeGreaterThanOrEqual(Math.floor(Number(ref.exact) * 0.9));
    }
    const urls = (list: { shop: string | null; urls: number | string }[]) =>
      Object.fromEntries(list.filter((u) => Number(u.urls) > 0).map((u) => [u.shop, Number(u.urls)]));
    expect(urls(shops)).toEqual(urls(reference.urls));

    // URLs moved to another shop, added and deleted: the counts follow
    await db.execute(sql`
      update product_urls set url = replace(url, 'shop1.example', 'www.shop8.example')
      where workspace_id = ${workspaceId} and url like '%shop1.example%'`);
    await db.execute(sql`delete from product_urls where workspace_id = ${workspaceId} and url like '%shop2.example%'`);
    await db.execute(sql`
      insert into product_urls (product_id, workspace_id, name, url)
      select product_id, workspace_id, 'Nouvelle', 'https://Shop9.Example/x' from product_urls
      where workspace_id = ${workspaceId} limit 1`);
    const after = await referenceFigures(workspaceId, true);
    expect(urls(await getShopStats(db, workspaceId))).toEqual(urls(after.urls));
    expect(urls(after.urls)).toMatchObject({ "shop8.example": expect.any(Number), "shop9.example": 1 });
    expect(urls(after.urls)["shop2.example"]).toBeUndefined();
  });
});

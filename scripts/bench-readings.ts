// DATABASE_URL=postgres://… npm run bench:readings [-- --urls 50 --clients 1,16 --seconds 20 --kinds repeat2,new2 --profile]
// The PostgreSQL cost of storing one reading, on the bench base of `npm run bench:api -- --seed-only` (its largest
// workspace; the branch's migrations are applied first). Single-row inserts into price_history, each in a
// transaction rolled back (the base is left as it was), one per URL of `--urls` URLs of distinct products:
//  repeat   the URL's latest reading again (same price, currency, availability, shipping, offers), the day's first
//  repeat2  the same after an untimed one (the day's price_daily row exists: an hourly URL's usual reading)
//  new      another price (+1.37, available, no offers), the day's first
//  new2     the same after an untimed repeat
// One client: a warm pass, then the measured one (p50, mean, p90 of the timed inserts; --profile adds the trigger
// functions' times, track_functions). N clients: each inserts for `--seconds`, readings per second and p50.
// A measurement: nothing is asserted.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { ReservedSql } from "postgres";

const { values } = parseArgs({
  options: {
    urls: { type: "string", default: "50" },
    clients: { type: "string", default: "1,16" },
    seconds: { type: "string", default: "20" },
    kinds: { type: "string", default: "repeat,repeat2,new,new2" },
    profile: { type: "boolean", default: false },
  },
});
const KINDS = values.kinds.split(",") as TKind[];
type TKind = "repeat" | "repeat2" | "new" | "new2";

function summary(label: string, ms: number[], extra = "") {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  const mean = (ms.reduce((s, x) => s + x, 0) / Math.max(1, ms.length)).toFixed(2);
  console.log(`${label.padEnd(22)} n=${sorted.length}  p50 ${at(0.5)} ms  mean ${mean} ms  p90 ${at(0.9)} ms${extra}`);
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL est requis (base de npm run bench:api -- --seed-only)");
  process.env.JOBS_DISABLED = "1";
  // the branch's migrations, as the app applies them at start
  const { getDb, closeDb } = await import("@/db");
  await getDb();
  await closeDb();
  const postgres = (await import("postgres")).default;
  const clients = values.clients.split(",").map(Number);
  const pool = postgres(process.env.DATABASE_URL, { max: Math.max(...clients), onnotice: () => {} });
  const urls = (
    await pool<{ id: string }[]>`
      select u.id from (select distinct on (product_id) id from product_urls
                         where workspace_id = (select workspace_id from products group by 1 order by count(*) desc limit 1)
                           and latest_reading_id is not null order by product_id, md5(id::text)) u
       order by md5(u.id::text) limit ${Number(values.urls) * Math.max(...clients)}`
  ).map((r) => r.id);
  if (urls.length === 0) throw new Error("aucune URL relevée : lancer d'abord npm run bench:api -- --seed-only");
  console.log(`${urls.length} URLs (produits distincts) du plus grand espace`);

  const repeat = (conn: ReservedSql, id: string) => conn`
    insert into price_history (url_id, price, currency, available, regular_price, shipping, offers)
    select h.url_id, h.price, h.currency, h.available, h.regular_price, h.shipping, h.offers
      from product_urls u join price_history h on h.id = u.latest_reading_id where u.id = ${id}`;
  const other = (conn: ReservedSql, id: string) => conn`
    insert into price_history (url_id, price, currency, available, regular_price, shipping, offers)
    select h.url_id, coalesce(h.price, 10) + 1.37, h.currency, true, h.regular_price, h.shipping, null
      from product_urls u join price_history h on h.id = u.latest_reading_id where u.id = ${id}`;
  /** One reading of `kind` for `id`: the time of the timed insert. */
  async function reading(conn: ReservedSql, kind: TKind, id: string) {
    if (kind === "repeat2" || kind === "new2") await repeat(conn, id);
    const t = performance.now();
    await (kind.startsWith("repeat") ? repeat(conn, id) : other(conn, id));
    return performance.now() - t;
  }
  /** `work` in a transaction rolled back: the base is left as it was. */
  async function rolledBack(conn: ReservedSql, work: () => Promise<void>) {
    await conn`begin`;
    try {
      await work();
    } finally {
      await conn`rollback`;
    }
  }

  for (const n of clients) {
    for (const kind of KINDS) {
      if (n === 1) {
        const conn = await pool.reserve();
        const times: number[] = [];
        let profile = "";
        for (const pass of [1, 2]) {
          if (pass === 2 && values.profile) await conn`set track_functions = 'all'`;
          await rolledBack(conn, async () => {
            for (const id of urls.slice(0, Number(values.urls))) {
              const ms = await reading(conn, kind, id);
              if (pass === 2) times.push(ms);
            }
            if (pass === 2 && values.profile) {
              const f = await conn<{ funcname: string; calls: number; total: number }[]>`
                select funcname, calls, round(total_time::numeric, 1)::float8 as total
                  from pg_stat_xact_user_functions order by total_time desc limit 8`;
              profile = f.map((r) => `\n    ${r.funcname} ×${r.calls} ${r.total} ms`).join("");
            }
          });
        }
        conn.release();
        summary(`${kind}, 1 client`, times, profile);
      } else {
        const times: number[] = [];
        const until = performance.now() + Number(values.seconds) * 1000;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: n }, async (_, c) => {
            const mine = urls.slice(c * Number(values.urls), (c + 1) * Number(values.urls));
            const conn = await pool.reserve();
            for (let i = 0; performance.now() < until; i++) {
              await rolledBack(conn, async () => {
                times.push(await reading(conn, kind, mine[i % mine.length]!));
              });
            }
            conn.release();
          }),
        );
        const perSecond = (times.length / ((performance.now() - t0) / 1000)).toFixed(0);
        summary(`${kind}, ${n} clients`, times, `  (${perSecond} relevés/s)`);
      }
    }
  }
  await pool.end();
}

await main();
process.exit(0);

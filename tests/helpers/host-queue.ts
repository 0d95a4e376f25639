import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";

export type THostRow = {
  host: string;
  waiting: number;
  next_rank: number | null;
  next_run_at: string | null;
  due_at: string | null;
};

/** Each host's row next to what scrape_tasks holds: empty when every row is right. */
export async function drift(db: DbLike, hosts: string[]) {
  const rows = await queryRows<
    THostRow & { n: number; best_rank: number | null; best_run_at: string | null; due: string | null }
  >(
    db,
    sql`select h as host, coalesce(p.waiting, 0) as waiting, p.next_rank, p.next_run_at::text, p.due_at::text,
        (select count(*)::int from scrape_tasks t where t.host = h and t.status in ('pending', 'retry')) as n,
        b.rank as best_rank, b.run_at::text as best_run_at,
        (select min(t.run_at) from scrape_tasks t where t.host = h and t.status in ('pending', 'retry'))::text as due
      from unnest(array[${sql.join(
        hosts.map((h) => sql`${h}`),
        sql`, `,
      )}]::text[]) h
        left join host_politeness p on p.host = h
        left join lateral (select (case t.priority when 'high' then 0 when 'normal' then 1 else 2 end) as rank, t.run_at
          from scrape_tasks t where t.host = h and t.status in ('pending', 'retry') order by 1, 2 limit 1) b on true`,
  );
  // exact, as no writer runs concurrently here
  return rows
    .filter(
      (r) =>
        Number(r.waiting) !== Number(r.n) ||
        r.next_rank !== r.best_rank ||
        r.next_run_at !== r.best_run_at ||
        r.due_at !== r.due,
    )
    .map((r) => JSON.stringify(r));
}

export async function insertTasks(
  db: DbLike,
  workspaceId: string,
  host: string,
  tasks: { priority?: string; secondsAgo: number }[],
) {
  const values = tasks.map(
    (t, i) =>
      sql`(${workspaceId}::uuid, ${`https://${host}/p/${randomUUID()}-${i}`}, ${host}, ${t.priority ?? "normal"},
        now() - make_interval(secs => ${t.secondsAgo}::float8))`,
  );
  return queryRows<{ id: string }>(
    db,
    sql`insert into scrape_tasks (workspace_id, url, host, priority, run_at) values ${sql.join(values, sql`, `)}
      returning id`,
  );
}

// A tenant's limit (PER_USER_LIMIT tasks running at once) holds when two app instances claim its tasks on two
// different hosts at the same moment. The race is forced: instance A claims on one host and stops just before its
// commit; instance B, whose candidates were read before A's task existed (so it never waits on A's host row),
// then claims on the other host. Without a lock per tenant, B counts the tenant's running tasks without A's
// uncommitted claim and goes over the limit. PostgreSQL only (`.pg.test.ts`): PGlite has one connection.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { type Db, getDb, queryRows } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { setHostLimits } from "@/lib/fetching/host-politeness";
import { claimTaskById } from "@/lib/jobs/claim-task-by-id";
import { claimRunnable, PER_USER_LIMIT } from "@/lib/jobs/claim-tasks";
import { signUp } from "../helpers/api";
import { waitersOn } from "../helpers/forced-race";
import { gate } from "../helpers/gate";

if (!process.env.DATABASE_URL) throw new Error("tenant-claim-limit.pg.test.ts : PostgreSQL seulement");

/** The database, with `transaction` wrapped: `around` runs the real one. */
function withTransaction(
  db: Db,
  around: (
    run: (cb: (tx: unknown) => Promise<unknown>) => Promise<unknown>,
    cb: (tx: unknown) => Promise<unknown>,
  ) => Promise<unknown>,
): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "transaction") {
        return (cb: (tx: unknown) => Promise<unknown>) => around((c) => target.transaction(c as never), cb);
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function task(workspaceId: string, host: string, status: "pending" | "processing") {
  const db = await getDb();
  const [row] = await db
    .insert(scrapeTasks)
    .values({ workspaceId, url: `https://${host}/p/${randomUUID()}`, host, status, runAt: new Date(Date.now() - 1000) })
    .returning();
  return row!;
}

/**
 * Resolves once `p` waits on a lock the held-open claim (backend `pid`) holds; fails the test when `p` ends first:
 * without the tenant's lock it would count the running tasks without the held claim's and go over the limit.
 */
async function waitsFor<T>(pid: number, p: Promise<T>): Promise<void> {
  const watcher = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await waitersOn(watcher, [pid], p, "la seconde prise n'a jamais attendu le verrou du locataire");
  } finally {
    await watcher.end({ timeout: 0 });
  }
}

/** A local claim on `host`'s tasks alone (its own limits; 0 for the others), stopped just before its commit. */
async function claimHeldOpen(db: Db, workerId: string, host: string) {
  await setHostLimits(db, host, { maxConcurrent: 5 });
  const commit = gate();
  const claimed = gate();
  let pid = 0;
  const result = claimRunnable(workerId, {
    hostSpacingMs: 0,
    perHostLimit: 0,
    db: withTransaction(db, (run, cb) =>
      run(async (tx) => {
        const r = await cb(tx);
        const [me] = await queryRows<{ pid: number }>(tx as Db, sql`select pg_backend_pid() as pid`);
        pid = Number(me!.pid);
        claimed.open();
        await commit.opened;
        return r;
      }),
    ),
  });
  await claimed.opened;
  return { result, commit: commit.open, pid };
}

/** The tenant runs its limit, and its task on `host` still waits. */
async function expectAtLimit(db: Db, workspaceId: string, waitingId: string) {
  const running = await db
    .select({ id: scrapeTasks.id })
    .from(scrapeTasks)
    .where(sql`${scrapeTasks.workspaceId} = ${workspaceId} and ${scrapeTasks.status} = 'processing'`);
  expect(running).toHaveLength(PER_USER_LIMIT);
  const [waiting] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, waitingId));
  expect(waiting).toMatchObject({ status: "pending", lockedBy: null });
}

describe("a tenant's limit under concurrent claims", () => {
  it("two instances claiming on two hosts at once never run more than the tenant's limit", async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const [busy, hostA, hostB] = [`busy-${tag}.example`, `a-${tag}.example`, `b-${tag}.example`];
    for (let i = 0; i < PER_USER_LIMIT - 1; i++) await task(workspaceId, busy, "processing");
    const waitingB = await task(workspaceId, hostB, "pending");

    const bStart = gate();
    const bReady = gate();
    const b = claimRunnable("instance-b", {
      hostSpacingMs: 0,
      db: withTransaction(db, async (run, cb) => {
        bReady.open();
        await bStart.opened;
        return run(cb);
      }),
    });
    await bReady.opened;
    await task(workspaceId, hostA, "pending");
    // hostA has limits of its own: A claims with a default of 0, so that A's candidates are hostA's alone
    const a = await claimHeldOpen(db, "instance-a", hostA);
    bStart.open();
    // B must wait for A's tenant lock (without it, B claims at once)
    await waitsFor(a.pid, b).finally(a.commit);
    const [claimedA, claimedB] = await Promise.all([a.result, b]);

    expect(claimedA.tasks.map((t) => t.host)).toEqual([hostA]);
    expect(claimedB.tasks).toEqual([]);
    await expectAtLimit(db, workspaceId, waitingB.id);
  });

  it("an Inngest step claiming its task while a local runner claims on another host waits for the tenant's lock", async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const [busy, hostA, hostB] = [`busy-${tag}.example`, `a-${tag}.example`, `b-${tag}.example`];
    for (let i = 0; i < PER_USER_LIMIT - 1; i++) await task(workspaceId, busy, "processing");
    const mine = await task(workspaceId, hostB, "pending");
    await task(workspaceId, hostA, "pending");
    const a = await claimHeldOpen(db, "runner-a", hostA);
    // the step must count the tenant's running tasks after the runner's commit (without the lock: at once)
    const b = claimTaskById(mine.id, "inngest:run-b", db);
    await waitsFor(a.pid, b).finally(a.commit);
    const [claimedA, claimedB] = await Promise.all([a.result, b]);

    expect(claimedA.tasks.map((t) => t.host)).toEqual([hostA]);
    expect(claimedB).toEqual({ task: null, waitMs: expect.any(Number) });
    await expectAtLimit(db, workspaceId, mine.id);
  });
});

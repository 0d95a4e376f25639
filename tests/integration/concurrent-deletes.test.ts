// A change and a delete of the same object at once: the change answers as if it came first or after (never a
// 500), and nothing is half-written. On PostgreSQL the two requests really overlap; PGlite runs them in turn.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as createChannel } from "@/app/api/alert-channels/route";
import { DELETE as deleteChannel } from "@/app/api/alert-channels/[id]/route";
import { POST as testChannel } from "@/app/api/alert-channels/[id]/test/route";
import { GET as listRules } from "@/app/api/products/[id]/alerts/route";
import { DELETE as deleteRule, PATCH as patchRule } from "@/app/api/products/[id]/alerts/[ruleId]/route";
import { DELETE as deleteUrl } from "@/app/api/products/[id]/urls/[urlId]/route";
import { PUT as priceSource } from "@/app/api/products/[id]/urls/[urlId]/price-source/route";
import { DELETE as deleteProduct } from "@/app/api/products/[id]/route";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { requestUrlScrape } from "@/lib/queue/request-url-scrape";
import postgres from "postgres";
import { getDb } from "@/db";
import { alertRuleChannels } from "@/db/schema";
import { call } from "../helpers/api";
import { startFakeChannel } from "../helpers/fake-channel";
import { addRule, alertsUser, makeProduct } from "./alerts-fixtures";

const ROUNDS = 8;
const hook = await startFakeChannel();
afterAll(() => hook.close());

async function addChannel(token: string) {
  const res = await call(createChannel, "/api/alert-channels", {
    token,
    body: { kind: "webhook", name: "ERP", url: `${hook.url}/hook` },
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

describe("a change racing a delete", () => {
  it("changing a rule while it is deleted answers 404 or the change", async () => {
    const { token, userId } = await alertsUser();
    const { productId } = await makeProduct(userId);
    for (let i = 0; i < ROUNDS; i++) {
      const rule = await addRule(userId, productId, { kind: "drop", thresholdPercent: "5" });
      const path = `/api/products/${productId}/alerts/${rule.id}`;
      const params = { id: productId, ruleId: rule.id };
      const [patched, deleted] = await Promise.all([
        call(patchRule, path, { method: "PATCH", token, params, body: { threshold_percent: "7" } }),
        call(deleteRule, path, { method: "DELETE", token, params }),
      ]);
      expect([200, 404]).toContain(patched.status);
      expect([200, 404]).toContain(deleted.status);
      expect(deleted.status === 200 || patched.status === 200).toBe(true);
    }
  });

  it("sending a test to a channel while it is deleted answers 404 or the test", async () => {
    const { token } = await alertsUser();
    for (let i = 0; i < ROUNDS; i++) {
      const id = await addChannel(token);
      const path = `/api/alert-channels/${id}`;
      const [tested, deleted] = await Promise.all([
        call(testChannel, `${path}/test`, { method: "POST", token, params: { id } }),
        call(deleteChannel, path, { method: "DELETE", token, params: { id } }),
      ]);
      expect([200, 404]).toContain(tested.status);
      expect(deleted.status).toBe(200);
    }
  });

  it("pointing a rule at a channel while it is deleted answers 422 or links it, never a dangling link", async () => {
    const { token, userId } = await alertsUser();
    const { productId } = await makeProduct(userId);
    const rule = await addRule(userId, productId, { kind: "drop", thresholdPercent: "5" });
    const path = `/api/products/${productId}/alerts/${rule.id}`;
    const params = { id: productId, ruleId: rule.id };
    for (let i = 0; i < ROUNDS; i++) {
      const id = await addChannel(token);
      const [patched, deleted] = await Promise.all([
        call(patchRule, path, { method: "PATCH", token, params, body: { channel_ids: [id] } }),
        call(deleteChannel, `/api/alert-channels/${id}`, { method: "DELETE", token, params: { id } }),
      ]);
      expect([200, 422]).toContain(patched.status);
      expect(deleted.status).toBe(200);
      const db = await getDb();
      expect(await db.select().from(alertRuleChannels).where(eq(alertRuleChannels.channelId, id))).toEqual([]);
    }
  });

  it("setting a URL's price source while the URL is deleted answers 404 or the change", async () => {
    const { token, userId } = await alertsUser();
    for (let i = 0; i < ROUNDS; i++) {
      const { productId, urlIds } = await makeProduct(userId);
      const urlId = urlIds[0]!;
      const path = `/api/products/${productId}/urls/${urlId}`;
      const params = { id: productId, urlId };
      const [set, deleted] = await Promise.all([
        call(priceSource, `${path}/price-source`, { method: "PUT", token, params, body: { selector: ".prix" } }),
        call(deleteUrl, path, { method: "DELETE", token, params }),
      ]);
      expect([200, 202, 404]).toContain(set.status);
      expect(deleted.status).toBe(200);
    }
  });
});

/**
 * Runs `first` while another connection holds `lock` (a row lock), so that `first` stops in the middle of its
 * transaction, its own row locks taken; starts `second` then, and lets both go on. On PGlite (one connection)
 * the two simply run in turn.
 */
async function interleave<A, B>(
  lock: (tx: postgres.ReservedSql) => Promise<unknown>,
  first: () => Promise<A>,
  second: () => Promise<B>,
) {
  const url = process.env.DATABASE_URL;
  if (!url) return [await settle(first()), await settle(second())] as const;
  const blocker = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const held = await blocker.reserve();
    await held`begin`;
    const [{ pid }] = (await held`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
    await lock(held);
    const a = settle(first());
    const stopped = await waitForBlocked(blocker, [pid], 1);
    const b = settle(second());
    await waitForBlocked(blocker, [pid, ...stopped], stopped.length + 1);
    await held`commit`;
    held.release();
    return [await a, await b] as const;
  } finally {
    await blocker.end();
  }
}

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );

/**
 * The sessions waiting on a lock held by one of `blockers`, once there are `count` of them (other test files'
 * sessions never count: they cannot wait on ours). Bounded: past it, the interleaving is only less strict.
 */
async function waitForBlocked(db: postgres.Sql, blockers: number[], count: number): Promise<number[]> {
  let pids: number[] = [];
  for (let i = 0; i < 500; i++) {
    const rows = await db`select pid from pg_stat_activity where pg_blocking_pids(pid) && ${blockers}::int[]`;
    pids = rows.map((r) => Number(r.pid));
    if (pids.length >= count) return pids;
    await new Promise((r) => setTimeout(r, 20));
  }
  return pids;
}

describe("a delete arriving in the middle of another request", () => {
  it("deletes a product while a manual scrape of its URL is being queued, without a deadlock", async () => {
    const { token, userId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(userId);
    const key = `scrape:${userId}`;
    const [scrape, deleted] = await interleave(
      // the scrape stops at its rate-limit row, its product and URL locks taken
      async (tx) => {
        await tx`insert into rate_limits (key, count, reset_at) values (${key}, 0, now() + interval '1 minute')`;
        await tx`select key from rate_limits where key = ${key} for update`;
      },
      () => requestUrlScrape(userId, urlIds[0]!),
      () => call(deleteProduct, `/api/products/${productId}`, { method: "DELETE", token, params: { id: productId } }),
    );
    expect(deleted.value?.status).toBe(200);
    if (scrape.error) expect(scrape.error).toMatchObject({ status: 404 });
  });

  it("points a rule at a URL whose delete is under way: 404, not a broken link", async () => {
    const { token, userId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(userId, { urls: 2 });
    const rule = await addRule(userId, productId, { kind: "drop", thresholdPercent: "5" });
    const [task] = await enqueueScrape([
      { userId, urlId: urlIds[1]!, productId, url: "https://marchand-2.example/produit", trigger: "manual" },
    ]);
    const params = { id: productId, urlId: urlIds[1]! };
    const [deleted, patched] = await interleave(
      // the delete stops in its cascade, the URL row already gone for it
      (tx) => tx`select id from scrape_tasks where id = ${task!.id} for update`,
      () => call(deleteUrl, `/api/products/${productId}/urls/${urlIds[1]}`, { method: "DELETE", token, params }),
      () =>
        call(patchRule, `/api/products/${productId}/alerts/${rule.id}`, {
          method: "PATCH",
          token,
          params: { id: productId, ruleId: rule.id },
          body: { url_id: urlIds[1] },
        }),
    );
    expect(deleted.value?.status).toBe(200);
    expect([patched.value?.status, patched.value?.json.detail]).toEqual([404, "URL introuvable"]);
  });
});

describe("a refused change", () => {
  it("keeps the rule as it was when one of its channels is refused", async () => {
    const owner = await alertsUser();
    const other = await alertsUser();
    const foreign = await addChannel(other.token);
    const { productId } = await makeProduct(owner.userId);
    const rule = await addRule(owner.userId, productId, { kind: "drop", thresholdPercent: "5" });
    const res = await call(patchRule, `/api/products/${productId}/alerts/${rule.id}`, {
      method: "PATCH",
      token: owner.token,
      params: { id: productId, ruleId: rule.id },
      body: { kind: "rise", threshold_percent: "9", channel_ids: [foreign] },
    });
    expect(res.status).toBe(422);
    const rules = await call(listRules, `/api/products/${productId}/alerts`, {
      token: owner.token,
      params: { id: productId },
    });
    expect(rules.json.rules).toEqual([
      expect.objectContaining({ id: rule.id, kind: "drop", threshold_percent: "5.00" }),
    ]);
  });
});

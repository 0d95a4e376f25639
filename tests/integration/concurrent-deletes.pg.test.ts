// A change and a delete of the same object at once: the change answers as if it came after the delete (never a
// 500), and nothing is half-written. Every race is forced and checked: the first request is stopped in the middle
// of its transaction, its row locks taken (a lock held by the test), and the test goes on only once the second
// request waits on one of those locks; it fails when the second did not wait. PostgreSQL only (`.pg.test.ts`,
// left out of the embedded run by vitest.config.ts): PGlite has one connection and runs requests one after the
// other, so no race can happen there.
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { POST as createChannel } from "@/app/api/alert-channels/route";
import { DELETE as deleteChannel } from "@/app/api/alert-channels/[id]/route";
import { POST as testChannel } from "@/app/api/alert-channels/[id]/test/route";
import { DELETE as deleteRule, PATCH as patchRule } from "@/app/api/products/[id]/alerts/[ruleId]/route";
import { DELETE as deleteUrl } from "@/app/api/products/[id]/urls/[urlId]/route";
import { PUT as priceSource } from "@/app/api/products/[id]/urls/[urlId]/price-source/route";
import { DELETE as deleteProduct } from "@/app/api/products/[id]/route";
import { getDb } from "@/db";
import { alertRuleChannels } from "@/db/schema";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { requestUrlScrape } from "@/lib/queue/request-url-scrape";
import { call } from "../helpers/api";
import { startFakeChannel } from "../helpers/fake-channel";
import { settle, type TSettled, waitersOn } from "../helpers/forced-race";
import { addRule, alertsUser, makeProduct } from "./alerts-fixtures";

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error("concurrent-deletes.pg.test.ts : PostgreSQL seulement (TEST_DATABASE_URL)");
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

/** A rule of a new product, sending to a new channel: deleting either one deletes their link (cascade). */
async function linkedRuleAndChannel() {
  const { token, workspaceId } = await alertsUser();
  const { productId } = await makeProduct(workspaceId);
  const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "5" });
  const channelId = await addChannel(token);
  const res = await call(patchRule, `/api/products/${productId}/alerts/${rule.id}`, {
    method: "PATCH",
    token,
    params: { id: productId, ruleId: rule.id },
    body: { channel_ids: [channelId] },
  });
  expect(res.status).toBe(200);
  return { token, workspaceId, productId, ruleId: rule.id as string, channelId };
}

const holdLinksOf = (column: "rule_id" | "channel_id", id: string) => (tx: postgres.ReservedSql) =>
  tx`select 1 from alert_rule_channels where ${tx(column)} = ${id} for update`;

describe("a change while its object is deleted (forced race)", () => {
  it(`changing a rule while it is deleted answers 404`, async () => {
    const { token, productId, ruleId } = await linkedRuleAndChannel();
    const path = `/api/products/${productId}/alerts/${ruleId}`;
    const params = { id: productId, ruleId };
    const [deleted, patched] = await race(
      // the delete stops in its cascade, the rule row already gone for it
      holdLinksOf("rule_id", ruleId),
      () => call(deleteRule, path, { method: "DELETE", token, params }),
      () => call(patchRule, path, { method: "PATCH", token, params, body: { threshold_percent: "7" } }),
    );
    expect(deleted.value?.status).toBe(200);
    expect(patched.value?.status).toBe(404);
  });

  it(`sending a test to a channel while it is deleted answers 404`, async () => {
    const { token, channelId: id } = await linkedRuleAndChannel();
    const [deleted, tested] = await race(
      holdLinksOf("channel_id", id),
      () => call(deleteChannel, `/api/alert-channels/${id}`, { method: "DELETE", token, params: { id } }),
      () => call(testChannel, `/api/alert-channels/${id}/test`, { method: "POST", token, params: { id } }),
    );
    expect(deleted.value?.status).toBe(200);
    expect(tested.value?.status).toBe(404);
  });

  it(`pointing a rule at a channel while it is deleted answers 422, never a dangling link`, async () => {
    const { token, workspaceId, channelId: id } = await linkedRuleAndChannel();
    const { productId } = await makeProduct(workspaceId);
    const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "5" });
    const [deleted, patched] = await race(
      holdLinksOf("channel_id", id),
      () => call(deleteChannel, `/api/alert-channels/${id}`, { method: "DELETE", token, params: { id } }),
      () =>
        call(patchRule, `/api/products/${productId}/alerts/${rule.id}`, {
          method: "PATCH",
          token,
          params: { id: productId, ruleId: rule.id },
          body: { channel_ids: [id] },
        }),
    );
    expect(deleted.value?.status).toBe(200);
    expect(patched.value?.status).toBe(422);
    const db = await getDb();
    expect(await db.select().from(alertRuleChannels).where(eq(alertRuleChannels.channelId, id))).toEqual([]);
  });

  it(`setting a URL's price source while the URL is deleted answers 404`, async () => {
    const { token, workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const urlId = urlIds[0]!;
    const [task] = await enqueueScrape([
      { workspaceId, urlId, productId, url: "https://marchand-1.example/produit", trigger: "manual" },
    ]);
    const path = `/api/products/${productId}/urls/${urlId}`;
    const params = { id: productId, urlId };
    const [deleted, set] = await race(
      (tx) => tx`select id from scrape_tasks where id = ${task!.id} for update`,
      () => call(deleteUrl, path, { method: "DELETE", token, params }),
      () => call(priceSource, `${path}/price-source`, { method: "PUT", token, params, body: { selector: ".prix" } }),
    );
    expect(deleted.value?.status).toBe(200);
    expect(set.value?.status).toBe(404);
  });

  it(`deletes a product while a manual scrape of its URL is being queued, without a deadlock`, async () => {
    const { token, workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const key = `scrape:${workspaceId}`;
    const [scrape, deleted] = await race(
      // the scrape stops at its rate-limit row, its product and URL locks taken
      async (tx) => {
        await tx`insert into rate_limits (key, count, reset_at) values (${key}, 0, now() + interval '1 minute')`;
        await tx`select key from rate_limits where key = ${key} for update`;
      },
      () => requestUrlScrape(workspaceId, urlIds[0]!),
      () => call(deleteProduct, `/api/products/${productId}`, { method: "DELETE", token, params: { id: productId } }),
    );
    expect(deleted.value?.status).toBe(200);
    expect(scrape.error).toBeNull();
  });

  it(`points a rule at a URL while its delete is under way: 404, not a broken link`, async () => {
    const { token, workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId, { urls: 2 });
    const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "5" });
    const [task] = await enqueueScrape([
      { workspaceId, urlId: urlIds[1]!, productId, url: "https://marchand-2.example/produit", trigger: "manual" },
    ]);
    const params = { id: productId, urlId: urlIds[1]! };
    const [deleted, patched] = await race(
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

/**
 * On PostgreSQL: runs `first` while the test holds `lock` (a row lock `first` needs), so that `first` stops in the
 * middle of its transaction, its own row locks taken; starts `second` once `first` waits, and lets both go on
 * once `second` waits on a lock `first` holds. Throws when either never waits: the race was not exercised.
 */
async function race<A, B>(
  lock: (tx: postgres.ReservedSql) => Promise<unknown>,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<readonly [TSettled<A>, TSettled<B>]> {
  const blocker = postgres(serverUrl!, { max: 2, onnotice: () => {} });
  try {
    const held = await blocker.reserve();
    await held`begin`;
    const [{ pid }] = (await held`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
    await lock(held);
    const a = settle(first());
    const firstPids = await waitersOn(blocker, [pid], a, "la première requête n'a jamais attendu le verrou du test");
    const b = settle(second());
    await waitersOn(blocker, firstPids, b, "la seconde requête n'a jamais attendu un verrou de la première");
    await held`commit`;
    held.release();
    return [await a, await b] as const;
  } finally {
    // a failed race leaves the test's transaction open: ending rolls it back
    await blocker.end({ timeout: 0 });
  }
}

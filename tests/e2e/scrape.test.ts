// The built app with its in-process runner (started by instrumentation.ts): tracked URLs are scraped
// without anyone driving the runner, and the queue API answers as a client sees it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, registerUser } from "../helpers/browser";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;
let token: string;

async function api<T = any>(path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(path, baseUrl()), {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
}

beforeAll(async () => {
  merchant = await startMerchantServer();
  ({ token } = await registerUser("scrape", { first_name: "Inès", last_name: "Robert" }));
});

afterAll(async () => {
  await merchant?.close();
});

describe("scraping in the running app", () => {
  it("scrapes a newly tracked URL by itself, within seconds", async () => {
    merchant.setPrice("e2e-kettle", "89.90");
    const created = await api("/api/products", {
      body: { name: "Bouilloire", urls: [{ name: "Boutique", url: `${merchant.url}/product/e2e-kettle` }] },
    });
    expect(created.status).toBe(201);
    const urlId = created.json.urls[0].id as string;
    let history: { price: number; availability: boolean }[] = [];
    for (let i = 0; i < 60 && history.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      history = (await api(`/api/scraping/urls/${urlId}/history`)).json;
    }
    expect(history[0]).toMatchObject({ price: 89.9, availability: true });
  });

  it("answers POST /api/queue/scrape with the finished task, and cancels a running one", async () => {
    const done = await api("/api/queue/scrape?wait=true&timeout=60", {
      body: { url: `${merchant.url}/product/e2e-adhoc?price=12.34` },
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: "completed", result: { price: 12.34, currency: "EUR" } });

    const slow = await api("/api/queue/scrape?wait=false", { body: { url: `${merchant.url}/slow?ms=8000` } });
    expect(slow.status).toBe(202);
    for (let i = 0; i < 40 && !merchant.hits.get("/slow"); i++) await new Promise((r) => setTimeout(r, 250));
    const cancelled = await api(`/api/queue/tasks/${slow.json.task_id}/cancel`, { method: "POST" });
    expect(cancelled.json.status).toBe("cancelled");
    for (let i = 0; i < 40 && !merchant.hits.get("/slow#aborted"); i++) await new Promise((r) => setTimeout(r, 100));
    expect(merchant.hits.get("/slow#aborted")).toBe(1);
    const active = await api("/api/queue/tasks?status=active");
    expect(active.json).toEqual([]);
  });
});

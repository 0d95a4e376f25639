import { afterEach, describe, expect, it, vi } from "vitest";

// The serve endpoint runs functions only for requests signed with INNGEST_SIGNING_KEY; dev mode (unsigned
// requests accepted) only with an explicit INNGEST_DEV=1; without Inngest configured, nothing at all.
const KEYS = ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"] as const;

async function loadRoute(vars: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, vars);
  vi.resetModules();
  const { call } = await import("../helpers/api");
  const route = await import("@/app/api/inngest/route");
  return { call, route };
}

afterEach(() => {
  for (const k of KEYS) delete process.env[k];
  vi.resetModules();
});

const sweepCall = (fnId: string) => ({
  method: "POST",
  query: { fnId, stepId: "step" },
  body: { event: { name: "inngest/scheduled.timer", data: {} }, events: [], steps: {}, ctx: { run_id: "r1" } },
});

describe("/api/inngest", () => {
  it("without Inngest configured answers 404 to every method and runs nothing", async () => {
    const { call, route } = await loadRoute({});
    for (const [handler, method] of [
      [route.GET, "GET"],
      [route.POST, "POST"],
      [route.PUT, "PUT"],
    ] as const) {
      const options = method === "GET" ? { method } : { ...sweepCall("veilleprix-sweep-due-urls"), method };
      const res = await call(handler, "/api/inngest", options);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ detail: "Inngest n'est pas configuré sur ce serveur", code: "inngest_disabled" });
    }
  });

  it("with a signing key refuses an unsigned call with 401", async () => {
    const { call, route } = await loadRoute({
      INNGEST_EVENT_KEY: "evt-key",
      INNGEST_SIGNING_KEY: "signkey-prod-0123456789abcdef0123456789abcdef",
    });
    const res = await call(route.POST, "/api/inngest", sweepCall("veilleprix-sweep-due-urls"));
    expect(res.status).toBe(401);
    const forged = await call(route.POST, "/api/inngest", {
      ...sweepCall("veilleprix-sweep-due-urls"),
      headers: { "x-inngest-signature": "t=1700000000&s=00ff" },
    });
    expect(forged.status).toBe(401);
  });
});

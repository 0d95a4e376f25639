import { expect } from "vitest";
import { POST as createChannel } from "@/app/api/alert-channels/route";
import { call } from "../helpers/api";
import { startFakeChannel } from "../helpers/fake-channel";

// Shared by the bad-input tests of the market view, channels, reports and price picker.

export const MALFORMED = ["pas-un-uuid", "-".repeat(36), "1 or 1=1", "a/b"];
export const NIL = "00000000-0000-0000-0000-000000000000";
const ENGLISH = /invalid input|too (small|big)|expected|received|unrecognized/i;

/** A 4xx in the API's error shape, its detail not zod's English. */
export function expectFrench4xx(res: { status: number; json: { detail?: unknown; code?: unknown } }, status: number) {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
  expect(res.json.detail).not.toMatch(ENGLISH);
}

const servers: Awaited<ReturnType<typeof startFakeChannel>>[] = [];

/** Local receivers started by a test file, closed in its afterAll. */
export async function receiver() {
  const hook = await startFakeChannel();
  servers.push(hook);
  return hook;
}
export const closeReceivers = () => Promise.all(servers.splice(0).map((s) => s.close()));

/** A webhook channel of the user to a local receiver; the secret is shown once, here. */
export async function webhookOf(token: string) {
  const hook = await receiver();
  const res = await call(createChannel, "/api/alert-channels", {
    token,
    body: { kind: "webhook", name: "ERP", url: `${hook.url}/hook` },
  });
  expect(res.status).toBe(201);
  return { hook, id: res.json.id as string, secret: res.json.secret as string };
}

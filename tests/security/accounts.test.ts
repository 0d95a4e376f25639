import { describe, expect, it } from "vitest";
import { bare } from "./bare-server";
import { cookieHeader, registerBare, signInBare, signOutBare } from "./bare-session";

const me = (cookie: string) => fetch(bare("/api/auth/me"), { headers: { cookie } });

const outboxStatus = async (headers: Record<string, string> = {}) =>
  (await fetch(bare("/dev/outbox"), { headers })).status;

async function bearerToken(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(bare("/api/auth/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("the development outbox on the bare server (a production build without DEV_OUTBOX)", () => {
  it("does not exist: 404 to a visitor, a signed-in browser and a Bearer token alike", async () => {
    const user = await registerBare("boite");
    expect(await outboxStatus()).toBe(404);
    expect(await outboxStatus({ cookie: cookieHeader(await signInBare(user)) })).toBe(404);
    expect(await outboxStatus({ authorization: `Bearer ${await bearerToken(user)}` })).toBe(404);
  });
});

describe("browser sessions on the bare server", () => {
  it("sign-out ends the session server-side: the copied cookie then gets 401", async () => {
    const user = await registerBare();
    const jar = await signInBare(user);
    const stolen = cookieHeader(jar);
    expect((await me(stolen)).status).toBe(200);
    await signOutBare(jar);
    expect((await me(stolen)).status).toBe(401);
  });

  it("the session endpoint answers nothing ({}) to a signed-out cookie", async () => {
    const user = await registerBare();
    const jar = await signInBare(user);
    const stolen = cookieHeader(jar);
    const session = async () => (await fetch(bare("/api/auth/session"), { headers: { cookie: stolen } })).json();
    expect(await session()).toMatchObject({ user: { email: user.email } });
    await signOutBare(jar);
    expect(await session()).toEqual({});
  });

  it("a browser that signs in gets a signed known-device cookie for that account", async () => {
    const user = await registerBare();
    const jar = await signInBare(user);
    const device = [...jar.keys()].find((k) => k.startsWith("vp_device_"));
    expect(device).toBeTruthy();
    expect(jar.get(device!)).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  });
});

import { describe, expect, it } from "vitest";
import { BARE_URL, bare } from "./bare-server";
import { cookieHeader, registerBare, signInBare } from "./bare-session";

const port = new URL(BARE_URL).port;

async function signOutUrl(origin: string): Promise<string> {
  const jar = await signInBare(await registerBare("redirects"));
  const csrf = await fetch(bare("/api/auth/csrf"), { headers: { cookie: cookieHeader(jar) } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${origin}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/login", json: "true" }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

// the bare server runs on a free port with APP_URL only (next-auth alone would answer http://localhost:3000/…)
describe("every redirect of the auth layer uses the address the user is on", () => {
  it("signs out to the login page of the server's own port", async () => {
    expect(await signOutUrl(BARE_URL)).toBe(`${BARE_URL}/login`);
  });

  it("signs out to the login page at 127.0.0.1 when the user is there", async () => {
    expect(await signOutUrl(`http://127.0.0.1:${port}`)).toBe(`http://127.0.0.1:${port}/login`);
  });

  it("sends the sign-in page's redirect to the same address", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/signin`, { redirect: "manual" });
    const location = res.headers.get("location") ?? "";
    expect(location).not.toContain("localhost:3000");
    expect(new URL(location, `http://127.0.0.1:${port}`).host).toBe(`127.0.0.1:${port}`);
  });
});

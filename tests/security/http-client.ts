// Plain HTTP helpers for the black-box tests of helper B (tests/security/http-*.test.ts).
import { randomUUID } from "node:crypto";
import { bare } from "./bare-server";

export const PASSWORD = "un-mot-de-passe-solide";

export async function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(bare(path), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, headers: res.headers };
}

/** A fresh account on the bare server; its Bearer token. */
export async function account(label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;
  const reg = await postJson("/api/auth/register", {
    first_name: "Léa",
    last_name: "Martin",
    email,
    password: PASSWORD,
  });
  if (reg.status !== 201) throw new Error(`inscription refusée : ${reg.status} ${JSON.stringify(reg.json)}`);
  const login = await postJson("/api/auth/login", { email, password: PASSWORD });
  return { email, token: String(login.json.access_token) };
}

/** A next-auth browser session (credentials callback): the Cookie header to send. */
export async function sessionCookie(email: string): Promise<string> {
  const csrf = await fetch(bare("/api/auth/csrf"));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await fetch(bare("/api/auth/callback/credentials"), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, json: "true" }),
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session-token"));
  if (session.length === 0) throw new Error(`pas de session : ${res.status}`);
  return session.join("; ");
}

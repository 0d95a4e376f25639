import { randomUUID } from "node:crypto";
import { cookieHeader, signInHttp } from "../helpers/sign-in-http";
import { bare } from "./bare-server";

export { cookieHeader };

export type TBareUser = { email: string; password: string };

/** Registers an account on the bare server through its public API. */
export async function registerBare(label = "bare"): Promise<TBareUser> {
  const user = { email: `${label}-${randomUUID().slice(0, 8)}@exemple.fr`, password: "motdepasse-solide" };
  const res = await fetch(bare("/api/auth/register"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ first_name: "Camille", last_name: "Durand", ...user, planId: null }),
  });
  if (res.status !== 201) throw new Error(`inscription impossible : ${res.status} ${await res.text()}`);
  return user;
}

/** Signs in the way the login page does (next-auth credentials, CSRF token); returns the cookie jar. */
export const signInBare = (user: TBareUser) => signInHttp(bare(""), user);

/** Signs out the way the navbar does (POST /api/auth/signout with the CSRF token). */
export async function signOutBare(jar: Map<string, string>): Promise<void> {
  const csrf = await fetch(bare("/api/auth/csrf"), { headers: { cookie: cookieHeader(jar) } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(bare("/api/auth/signout"), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  if (res.status >= 400) throw new Error(`déconnexion impossible : ${res.status}`);
}

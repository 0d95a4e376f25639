import { randomUUID } from "node:crypto";
import { baseUrl } from "./browser";

export const E2E_PASSWORD = "motdepasse-solide";

/**
 * Registers a user on the running app and logs in over HTTP; returns the address and a Bearer token.
 * Each account comes from its own address, so the sign-up rate limit per IP never trips on a shared server.
 */
export async function registerOverHttp(label = "compte") {
  const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join(".")}`;
  const email = `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;
  const headers = { "content-type": "application/json", "x-forwarded-for": ip };
  const account = { first_name: "Paul", last_name: "Girard", email, password: E2E_PASSWORD, planId: null };
  const reg = await fetch(`${baseUrl()}/api/auth/register`, { method: "POST", headers, body: JSON.stringify(account) });
  if (reg.status !== 201) throw new Error(`inscription impossible : ${reg.status}`);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`connexion impossible : ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return { email, token: access_token };
}

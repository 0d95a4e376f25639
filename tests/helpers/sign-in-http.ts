/** The cookies of a Set-Cookie list as one Cookie header (values only). */
export function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/**
 * Signs in on the server at `base` the way the login page does (next-auth credentials, CSRF token); returns the
 * cookie jar. `headers` are added to the sign-in request (an X-Forwarded-For of the scenario's own).
 */
export async function signInHttp(
  base: string,
  user: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${base}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, json: "true" }),
  });
  cookiesOf(res, jar);
  if (![...jar.keys()].some((k) => k.endsWith("next-auth.session-token"))) {
    throw new Error(`connexion impossible : ${res.status} ${await res.text()}`);
  }
  return jar;
}

/** The verification link of the newest mail the signed-in owner reads in the outbox (`/dev/outbox`). */
export async function verificationLinkInOutbox(base: string, jar: Map<string, string>): Promise<string> {
  const html = await (await fetch(`${base}/dev/outbox`, { headers: { cookie: cookieHeader(jar) } })).text();
  const token = /verify-email\?token=(vrf_[A-Za-z0-9_%-]+)/.exec(html)?.[1];
  if (!token) throw new Error("aucun lien de vérification dans la boîte d'envoi");
  return `${base}/verify-email?token=${token}`;
}

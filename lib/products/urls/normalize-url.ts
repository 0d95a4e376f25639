// Pure: shared by the forms, the API and the import (no database, no Next.js).

export const MAX_URL_LENGTH = 2048;

export type TNormalizedUrl = { ok: true; url: string } | { ok: false; error: string };

export const URL_MESSAGES = {
  required: "L'URL est obligatoire",
  invalid: "Veuillez entrer une URL valide commençant par http:// ou https://",
  tooLong: `L'URL ne doit pas dépasser ${MAX_URL_LENGTH} caractères`,
  credentials: "L'URL ne doit pas contenir d'identifiant ni de mot de passe",
} as const;

/**
 * http(s) only; scheme and host lower-cased (WHATWG URL serialisation), fragment dropped,
 * at most 2,048 characters once normalised. The same page always gives the same string.
 */
export function normalizeUrl(input: string): TNormalizedUrl {
  const raw = input.trim();
  if (raw === "") return { ok: false, error: URL_MESSAGES.required };
  if (raw.length > MAX_URL_LENGTH) return { ok: false, error: URL_MESSAGES.tooLong };
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { ok: false, error: URL_MESSAGES.invalid };
  }
  if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || !parsed.hostname) {
    return { ok: false, error: URL_MESSAGES.invalid };
  }
  if (parsed.username || parsed.password) return { ok: false, error: URL_MESSAGES.credentials };
  parsed.hash = "";
  const url = parsed.toString();
  if (url.length > MAX_URL_LENGTH) return { ok: false, error: URL_MESSAGES.tooLong };
  return { ok: true, url };
}

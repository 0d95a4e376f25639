import { ApiClientError, pageFetch } from "@/client/api-client";

/** The feeds' upload limit, checked before sending (the server checks it again). */
export const MAX_FEED_BYTES = 25 * 1024 * 1024;
export const TOO_LARGE = "Le fichier dépasse la taille maximale autorisée (25 Mo)";

/** A feed file sent as multipart (`file`, and `name` when given); the server's French error when refused. */
export async function postFeedFile<T>(path: string, file: File, fallback: string, name?: string): Promise<T> {
  const form = new FormData();
  form.set("file", file);
  if (name !== undefined) form.set("name", name);
  let res: Response;
  try {
    res = await pageFetch(path, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiClientError(fallback, 0);
  }
  const data = (await res.json().catch(() => null)) as (T & { detail?: string }) | null;
  if (!res.ok) throw new ApiClientError(data?.detail || fallback, res.status);
  return data as T;
}

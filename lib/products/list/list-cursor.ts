import { isUuid } from "@/lib/core/is-uuid";
import { AppError } from "@/lib/errors/app-error";
import type { TProductSort } from "./list-schema";

/** Where a page ended: the sort it belongs to and the last row's sort key (as text) and id. Opaque to callers. */
export type TListCursor = { sort: TProductSort; order: "asc" | "desc"; key: string; id: string };

export function encodeCursor(c: TListCursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.order, c.key, c.id])).toString("base64url");
}

/** The cursor of a page of the same sort; any other text is a 422, never a query with a bad value. */
export function decodeCursor(text: string, sort: TProductSort, order: "asc" | "desc"): TListCursor {
  const invalid = () => new AppError("validation_error", { detail: "Curseur invalide : relancez la liste" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [s, o, key, id] = parsed as unknown[];
  if (s !== sort || o !== order || typeof key !== "string" || key.length > 600 || typeof id !== "string")
    throw invalid();
  if (!isUuid(id) || key.includes("\u0000")) throw invalid();
  if (sort !== "name" && !/^[-+:.\dTZ a-zA-Z]{1,64}$/.test(key)) throw invalid();
  return { sort, order, key, id };
}

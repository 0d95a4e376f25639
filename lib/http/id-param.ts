import { z } from "zod";

/** A path id of our own tables (uuid); anything else is the same 404 as a missing or foreign object. */
export function idParam(detail = "Ressource introuvable") {
  return z.uuid({ error: detail });
}

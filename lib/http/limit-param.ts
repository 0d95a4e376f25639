import { z } from "zod";

// Browser-safe (zod only): the `limit` query parameter of the list routes, shared by their schemas.

export const limitMessage = (max: number) => `La limite doit être un entier entre 1 et ${max}`;

/** An integer from 1 to `max` read from the query string, with one French message for every fault. */
export function zLimit(max: number) {
  const message = limitMessage(max);
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
}

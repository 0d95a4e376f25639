import { z } from "zod";

// Browser-safe (zod only): the `limit` query parameter of the list routes, shared by their schemas.

export const limitMessage = (max: number) => `La limite doit être un entier entre 1 et ${max}`;

/** A string of decimal digits as its number; anything else (hex, exponent, sign, spaces) is left to fail. */
export const digitsToNumber = (v: unknown) => (typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : v);

/** An integer from 1 to `max` read from the query string, with one French message for every fault. */
export function zLimit(max: number) {
  const message = limitMessage(max);
  return z.preprocess(digitsToNumber, z.number({ error: message }).int(message).min(1, message).max(max, message));
}

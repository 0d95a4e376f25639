import { toBigCents } from "./cents";

/** A move of more than 50 % of the previous price (confirmed by a second fetch before alerting). */
export function isBigJump(previousPrice: string | null, currentPrice: string | null): boolean {
  const previous = toBigCents(previousPrice);
  const current = toBigCents(currentPrice);
  if (previous === null || current === null || previous === current) return false;
  const move = current > previous ? current - previous : previous - current;
  return move * 100n > previous * 50n;
}

import { toBigCents } from "./cents";

/** The second fetch confirms when it shows a price within 2 % of the first one. */
export function confirmsPrice(firstPrice: string | null, confirmedPrice: string | null): boolean {
  const first = toBigCents(firstPrice);
  const second = toBigCents(confirmedPrice);
  if (first === null || second === null) return false;
  const gap = first > second ? first - second : second - first;
  return gap * 100n <= first * 2n;
}

import { isBigJump } from "./is-big-jump";

/**
 * The price the new one is compared with: the latest earlier price, unless that one was a lone spike
 * (a jump of more than 50 % from the price before it, undone by the new price), in which case the
 * price before the spike. An unconfirmed glitch thus never causes an alert when the price recovers.
 */
export function pickPreviousPrice(
  current: string | null,
  latest: string | null,
  beforeLatest: string | null,
): string | null {
  if (latest === null || beforeLatest === null || current === null) return latest;
  const spike = isBigJump(beforeLatest, latest) && isBigJump(latest, current) && !isBigJump(beforeLatest, current);
  return spike ? beforeLatest : latest;
}

/** True while the last alert of this rule for this URL is younger than the cooldown. */
export function isInCooldown(lastFiredAt: Date | null, cooldownMinutes: number, now: Date): boolean {
  if (!lastFiredAt || cooldownMinutes <= 0) return false;
  return now.getTime() - lastFiredAt.getTime() < cooldownMinutes * 60_000;
}

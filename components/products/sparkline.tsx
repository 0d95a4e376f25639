import { formatCents } from "@/lib/format";

const W = 120;
const H = 32;

/**
 * The lowest price of each of the last 30 days as a small line (oldest on the left); nothing before the first
 * day with a price. Decorative for pointers, described in words for screen readers.
 */
export function Sparkline({ prices }: { prices: (number | null)[] }) {
  const known = prices.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const span = max - min;
  const step = W / Math.max(1, prices.length - 1);
  const y = (v: number) => (span === 0 ? H / 2 : 2 + (1 - (v - min) / span) * (H - 4));
  let d = "";
  prices.forEach((v, i) => {
    if (v !== null) d += `${d ? "L" : "M"}${(i * step).toFixed(1)} ${y(v).toFixed(1)}`;
  });
  const first = known[0]!;
  const last = known[known.length - 1]!;
  const trend = last < first ? "en baisse" : last > first ? "en hausse" : "stable";
  return (
    <svg
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Prix le plus bas sur 30 jours ${trend} : de ${formatCents(first)} à ${formatCents(last)}`}
      data-sparkline
      className="overflow-visible"
    >
      <path
        d={d}
        fill="none"
        className="stroke-brand-600"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx={((prices.length - 1) * step).toFixed(1)} cy={y(last).toFixed(1)} r={2} className="fill-brand-600" />
    </svg>
  );
}

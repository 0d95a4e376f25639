import { formatCents } from "@/lib/format";

const W = 120;
const H = 32;

/**
 * The lowest price of each of the last 30 days as a small line across the card (oldest on the left), nothing
 * before the first day with a price. Described in words for screen readers.
 */
export function Sparkline({ prices }: { prices: (number | null)[] }) {
  const known = prices.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const span = max - min;
  const step = W / Math.max(1, prices.length - 1);
  const y = (v: number) => (span === 0 ? H / 2 : 3 + (1 - (v - min) / span) * (H - 6));
  let d = "";
  prices.forEach((v, i) => {
    if (v !== null) d += `${d ? "L" : "M"}${(i * step).toFixed(1)} ${y(v).toFixed(1)}`;
  });
  const first = known[0]!;
  const last = known[known.length - 1]!;
  const trend = last < first ? "en baisse" : last > first ? "en hausse" : "stable";
  const end = `M${((prices.length - 1) * step).toFixed(1)} ${y(last).toFixed(1)}h0`;
  return (
    <span className="flex w-full items-center gap-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Prix le plus bas sur 30 jours ${trend} : de ${formatCents(first)} à ${formatCents(last)}`}
        data-sparkline
        className="h-8 min-w-0 flex-1 overflow-visible"
      >
        <line
          x1={0}
          x2={W}
          y1={H - 0.5}
          y2={H - 0.5}
          className="stroke-zinc-100"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={d}
          fill="none"
          className="stroke-brand-600"
          strokeWidth={1.5}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={end}
          className="stroke-brand-600"
          strokeWidth={5}
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <span className="shrink-0 text-right text-[11px] leading-tight text-zinc-500">
        Plus bas
        <br />
        sur 30 jours
      </span>
    </span>
  );
}

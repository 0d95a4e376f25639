import { formatEuros } from "@/lib/format";
import { bigCentsToDecimal, toBigCents } from "@/lib/alerts/evaluation/cents";

const percentFormat = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "-10,00 € (-7,69 %)" from two decimal strings, computed in cents; null when either price is missing. */
export function formatPriceVariation(oldPrice: string | null, newPrice: string | null) {
  const before = toBigCents(oldPrice);
  const after = toBigCents(newPrice);
  if (before === null || after === null) return { text: null, direction: null } as const;
  const delta = after - before;
  const direction = delta < 0n ? "down" : delta > 0n ? "up" : null;
  const sign = delta < 0n ? "-" : delta > 0n ? "+" : "";
  const abs = delta < 0n ? -delta : delta;
  let percent = "";
  if (before > 0n) {
    // hundredths of a percent, rounded half up
    const hundredths = (abs * 20000n + before) / (2n * before);
    percent = ` (${sign}${percentFormat.format(Number(hundredths) / 100)} %)`;
  }
  return { text: `${sign}${formatEuros(bigCentsToDecimal(abs))}${percent}`, direction } as const;
}

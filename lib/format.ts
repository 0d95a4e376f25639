// Pure fr-FR formatters shared by server and client components.
// Dates use the Europe/Paris zone so server and browser render the same text (no hydration mismatch).

const TIME_ZONE = "Europe/Paris";

const currencyFormatters = new Map<string, Intl.NumberFormat>();
function currencyFormatter(currency: string): Intl.NumberFormat {
  let f = currencyFormatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("fr-FR", {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormatters.set(currency, f);
  }
  return f;
}

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" && value.trim() === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** "1 299,99 €" (Intl's narrow no-break spaces kept); "N/A" when the amount is missing or not a number. */
export function formatEuros(amount: string | number | null | undefined, currency = "EUR"): string {
  const n = toNumber(amount);
  if (n === null) return "N/A";
  return currencyFormatter(currency || "EUR").format(n);
}

/** Integer cents (payment side) to a fr-FR amount: 129999 → "1 299,99 €". */
export function formatCents(cents: number | string | null | undefined, currency = "EUR"): string {
  const n = toNumber(cents);
  if (n === null) return "N/A";
  return formatEuros(n / 100, currency);
}

type DateInput = Date | string | number | null | undefined;

function toDate(d: DateInput): Date | null {
  if (d === null || d === undefined || d === "") return null;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateParts = new Intl.DateTimeFormat("fr-FR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function parts(date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of dateParts.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** dd/mm/yyyy; "—" when missing or invalid. */
export function formatDate(d: DateInput): string {
  const date = toDate(d);
  if (!date) return "—";
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd/mm/yyyy HH:mm (24 h); "—" when missing or invalid. */
export function formatDateTime(d: DateInput): string {
  const date = toDate(d);
  if (!date) return "—";
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Unix seconds (Stripe style) to dd/mm/yyyy. */
export function formatUnixDate(seconds: number | string | null | undefined): string {
  const n = toNumber(seconds);
  if (n === null) return "—";
  return formatDate(new Date(n * 1000));
}

/**
 * Price variation of SPEC.md §2 in fr-FR, like the amounts around it: drop "-10,00 €", rise "+2,49 €",
 * equal after rounding to the cent "—", no older entry (null/undefined) "Premier relevé".
 */
export function formatVariation(delta: number | string | null | undefined): string {
  const n = toNumber(delta);
  if (n === null) return "Premier relevé";
  if (Math.abs(n).toFixed(2) === "0.00") return "—";
  return `${n < 0 ? "-" : "+"}${formatEuros(Math.abs(n))}`;
}

/** First n characters followed by "…" when the text is longer than n. */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return "";
  const chars = Array.from(text);
  return chars.length > n ? `${chars.slice(0, n).join("")}…` : text;
}

/** A bare fr-FR amount without currency: 29 → "29", 29.9 → "29,90", "1299.99" → "1 299,99". */
export function formatAmount(value: string | number | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return "N/A";
  const whole = Number.isInteger(n);
  return new Intl.NumberFormat("fr-FR", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(n);
}

/** A percentage or index decimal string in fr-FR: "5.26" → "+5,26 %" (signed) or "5,26 %"; "—" when missing. */
export function formatPercent(value: string | number | null | undefined, signed = false): string {
  const n = toNumber(value);
  if (n === null) return "—";
  const text = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(n),
  );
  return `${n < 0 ? "-" : signed && n > 0 ? "+" : ""}${text} %`;
}

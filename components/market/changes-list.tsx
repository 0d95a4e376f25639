import Link from "next/link";
import type { TChangesData } from "@/client/hooks/use-market";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTime, formatEuros, formatPercent } from "@/lib/format";
import type { TChangeKind } from "@/lib/insights/schemas";
import { productPath } from "@/lib/products/product-path";

type TChange = TChangesData["changes"][number];

export const CHANGE_LABELS: Record<TChangeKind, { label: string; tone: BadgeTone }> = {
  drop: { label: "Baisse", tone: "success" },
  rise: { label: "Hausse", tone: "danger" },
  out_of_stock: { label: "Rupture", tone: "warning" },
  back_in_stock: { label: "De retour en stock", tone: "brand" },
  new_cheapest: { label: "Nouveau moins cher", tone: "neutral" },
};

/** A marketplace offer names its seller: 'Amazon (vendeur : TechShop)'. */
const who = (merchant: string | null, seller: string | null) =>
  seller && seller !== merchant ? `${merchant} (vendeur : ${seller})` : `${merchant}`;

function detail(c: TChange): string {
  const price = (v: string | null) => (v === null ? "—" : formatEuros(v, c.currency));
  const merchant = who(c.merchant, c.seller);
  switch (c.kind) {
    case "drop":
    case "rise": {
      // the buy-box gone to another seller says so
      const moved = c.previous_seller && c.previous_seller !== c.seller ? ` (avant : ${c.previous_seller})` : "";
      return `${merchant}${moved} : ${price(c.before_price)} → ${price(c.after_price)} (${formatPercent(c.change_percent, true)})`;
    }
    case "out_of_stock":
      return `${merchant} n'a plus de stock (dernier prix ${price(c.before_price)})`;
    case "back_in_stock":
      return `${merchant} est de nouveau disponible à ${price(c.after_price)}`;
    case "new_cheapest":
      return `${merchant} à ${price(c.after_price)} (avant : ${who(c.previous_merchant, c.previous_seller)} à ${price(c.before_price)})`;
  }
}

/** The moves since the chosen period, each linking to its product. */
export function ChangesList({ changes }: { changes: TChange[] }) {
  return (
    <ul className="divide-y divide-zinc-100">
      {changes.map((c) => (
        <li key={`${c.kind}-${c.url_id ?? c.product_id}`} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2.5">
          <Badge tone={CHANGE_LABELS[c.kind].tone} className="mt-0.5">
            {CHANGE_LABELS[c.kind].label}
          </Badge>
          <div className="min-w-0 flex-1 text-sm">
            <Link href={productPath(c.product_id)} className="font-medium text-zinc-900 hover:underline">
              {c.product_name}
            </Link>
            <p className="text-zinc-600">{detail(c)}</p>
          </div>
          <time dateTime={c.at} className="text-xs text-zinc-500">
            {formatDateTime(c.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}

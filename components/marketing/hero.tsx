import { cn } from "@/lib/cn";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { formatEuros } from "@/lib/format";
import { Icon } from "./icons";

const SOURCES = [
  { name: "Boutique Horizon", price: 279, delta: -10, when: "il y a 12 min" },
  { name: "Électro Direct", price: 289.9, delta: 0, when: "il y a 12 min" },
  { name: "MegaStore", price: 299, delta: 5, when: "il y a 13 min" },
];

// Price points of the sparkline, oldest first (decorative).
const POINTS = [299, 299, 295, 295, 292, 289, 289, 289, 284, 279];

function Sparkline() {
  const max = Math.max(...POINTS);
  const min = Math.min(...POINTS);
  const w = 280;
  const h = 64;
  const xy = POINTS.map((p, i) => [(i / (POINTS.length - 1)) * w, 6 + ((max - p) / (max - min)) * (h - 12)] as const);
  const line = xy.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join(" ");
  return (
    <svg viewBox={`0 0 ${w} ${h}`} className="h-16 w-full" aria-hidden="true" preserveAspectRatio="none">
      <defs>
        <linearGradient id="hero-spark" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="var(--color-brand-500)" stopOpacity="0.25" />
          <stop offset="100%" stopColor="var(--color-brand-500)" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d={`${line} L${w} ${h} L0 ${h} Z`} fill="url(#hero-spark)" />
      <path d={line} fill="none" stroke="var(--color-brand-600)" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

function ProductMock() {
  return (
    <figure
      aria-label="Exemple de suivi : un casque audio surveillé chez trois marchands"
      className="relative rounded-2xl border border-zinc-200 bg-white p-5 shadow-xl shadow-brand-900/5 ring-1 ring-zinc-900/5 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-xs font-medium text-zinc-500">Produit suivi</p>
          <p className="mt-0.5 font-semibold text-zinc-900">Casque audio ANC X200</p>
        </div>
        <span
          className={cn(
            "inline-flex shrink-0 items-center gap-1.5 rounded-full whitespace-nowrap bg-brand-50 px-2.5 py-1",
            "text-xs font-medium text-brand-700 ring-1 ring-brand-200 ring-inset",
          )}
        >
          <span className="size-1.5 rounded-full bg-brand-600" aria-hidden="true" />
          Suivi actif
        </span>
      </div>
      <div className="mt-4 rounded-xl bg-zinc-50 px-3 pt-3 pb-1">
        <div className="flex items-baseline justify-between text-xs text-zinc-500">
          <span>Prix le plus bas, 30 derniers jours</span>
          <span className="num font-medium text-zinc-900">{formatEuros(279)}</span>
        </div>
        <Sparkline />
      </div>
      <ul className="mt-4 divide-y divide-zinc-100">
        {SOURCES.map((s) => (
          <li key={s.name} className="flex items-center justify-between gap-3 py-2.5 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium text-zinc-800">{s.name}</p>
              <p className="text-xs text-zinc-500">Analysé {s.when}</p>
            </div>
            <div className="text-right">
              <p className="num font-semibold text-zinc-900">{formatEuros(s.price)}</p>
              <p
                className={
                  s.delta < 0
                    ? "num text-xs text-green-700"
                    : s.delta > 0
                      ? "num text-xs text-red-700"
                      : "text-xs text-zinc-500"
                }
              >
                {s.delta === 0 ? "—" : `${s.delta > 0 ? "+" : "-"}${formatEuros(Math.abs(s.delta))}`}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <figcaption className="mt-3 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
        <Icon name="bell" className="size-4 shrink-0" />
        Alerte : Boutique Horizon est passé sous votre prix minimum de {formatEuros(285)}.
      </figcaption>
    </figure>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-zinc-200/70 bg-white">
      <div
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute inset-0",
          "bg-[radial-gradient(60rem_30rem_at_70%_-10%,var(--color-brand-100),transparent_70%)]",
        )}
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div>
          <p
            className={cn(
              "inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs",
              "font-medium text-brand-700",
            )}
          >
            Veille tarifaire pour les équipes marketing et commerciales
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]"
          >
            Surveillez les prix de vos concurrents, automatiquement.
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-zinc-600">
            VeillePrix relève chaque jour, ou chaque heure, le prix de vos produits chez tous les marchands qui les
            vendent, garde l&apos;historique des variations et vous alerte par email dès qu&apos;un prix bouge.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/register" className={buttonClasses("primary", "lg")}>
              Commencer gratuitement
              <Icon name="arrowRight" className="size-4" />
            </Link>
            <a href="#demo" className={buttonClasses("secondary", "lg")}>
              <Icon name="play" className="size-4" />
              Voir la démo
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600">
            {["Sans carte bancaire", "Prêt en 2 minutes", "Sans engagement"].map((t) => (
              <li key={t} className="flex items-center gap-2">
                <Icon name="check" className="size-4 text-brand-600" />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <ProductMock />
      </div>
    </section>
  );
}

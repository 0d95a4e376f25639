import { Button } from "@/components/ui/button";

/** The Products screen without a product to show: none matches the filters, or the catalogue is empty. */
export function ProductsEmpty({
  filtered,
  canEdit,
  onAdd,
}: {
  filtered: boolean;
  canEdit: boolean;
  onAdd: () => void;
}) {
  if (filtered) {
    return (
      <p className="rounded-xl border border-dashed border-zinc-300 bg-white px-6 py-10 text-center text-sm text-zinc-600">
        Aucun produit ne correspond à ces critères.
      </p>
    );
  }
  return (
    <div className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-16 text-center">
      <div
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
          <path d="M4 17l5-5 4 4 7-7M14 9h6v6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <p className="mt-4 text-base font-semibold text-zinc-900">Aucun produit à surveiller</p>
      <p className="mt-1 text-sm text-zinc-500">
        Ajoutez un produit et les pages marchandes dont vous voulez suivre le prix.
      </p>
      {canEdit ? (
        <Button className="mt-6" onClick={onAdd}>
          Ajouter mon premier produit
        </Button>
      ) : null}
    </div>
  );
}

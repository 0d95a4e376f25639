import type { Metadata } from "next";
import { Suspense } from "react";
import { ProductsView } from "@/components/products/products-view";

export const metadata: Metadata = { title: "Produits surveillés" };

// Not behind the route guard (SPEC.md §2): visitors see the screen; its actions send them to /login.
// (/products?product=<id>, the links of earlier alert e-mails, is redirected to the product's page by proxy.ts.)
export default function ProductsPage() {
  // the screen reads its search and filters from the URL (useSearchParams)
  return (
    <Suspense>
      <ProductsView />
    </Suspense>
  );
}

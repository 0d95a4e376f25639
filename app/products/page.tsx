import type { Metadata } from "next";
import { ProductsView } from "@/components/products/products-view";

export const metadata: Metadata = { title: "Produits surveillés" };

// Not behind the route guard (SPEC.md §2): visitors see the screen; its actions send them to /login.
export default function ProductsPage() {
  return <ProductsView />;
}

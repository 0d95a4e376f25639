import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ProductsView } from "@/components/products/products-view";
import { productPath } from "@/lib/products/product-path";

export const metadata: Metadata = { title: "Produits surveillés" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Not behind the route guard (SPEC.md §2): visitors see the screen; its actions send them to /login.
export default async function ProductsPage({ searchParams }: Props) {
  // the links of earlier alert e-mails: /products?product=<id> is now the product's own page
  const { product } = await searchParams;
  if (typeof product === "string" && product) redirect(productPath(product));
  return <ProductsView />;
}

import type { Metadata } from "next";
import { ProductDetail } from "@/components/products/product-detail";
import { getPageUser } from "@/lib/auth/get-page-user";
import { loadProductPage } from "@/lib/products/load-product-page";
import { requireProductPage } from "@/lib/products/require-product-page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await getPageUser();
  const data = user ? await loadProductPage(user.id, (await params).id) : null;
  return { title: data ? data.product.name : "Produit" };
}

// Visited directly (a shared link, an alert e-mail, a reload): the whole page, rendered with its data.
export default async function ProductPage({ params }: Props) {
  const initial = await requireProductPage((await params).id);
  return <ProductDetail variant="page" initial={initial} />;
}

import type { Metadata } from "next";
import { ProductDetail } from "@/components/products/product-detail";
import { productPageTitle, requireProductPage } from "@/lib/products/require-product-page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await productPageTitle((await params).id) };
}

// Visited directly (a shared link, an alert e-mail, a reload): the whole page, rendered with its data.
export default async function ProductPage({ params }: Props) {
  const initial = await requireProductPage((await params).id);
  return <ProductDetail variant="page" initial={initial} />;
}

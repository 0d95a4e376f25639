import type { Metadata } from "next";
import { ProductDetail } from "@/components/products/product-detail";
import { productPageTitle, requireProductPage } from "@/lib/products/require-product-page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await productPageTitle((await params).id) };
}

// A card clicked on the list: the same product, as the SPEC's modal over the list (the URL is the product's).
export default async function ProductModal({ params }: Props) {
  const initial = await requireProductPage((await params).id);
  return <ProductDetail variant="modal" initial={initial} />;
}

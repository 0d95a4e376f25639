import { ProductDetail } from "@/components/products/product-detail";
import { requireProductPage } from "@/lib/products/require-product-page";

// A card clicked on the list: the same product, as the SPEC's modal over the list (the URL is the product's).
export default async function ProductModal({ params }: { params: Promise<{ id: string }> }) {
  const initial = await requireProductPage((await params).id);
  return <ProductDetail variant="modal" initial={initial} />;
}

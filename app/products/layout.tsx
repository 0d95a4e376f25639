import type { ReactNode } from "react";
import { ProductsFlashProvider } from "@/components/products/products-flash";

// The list and a product's page, with the `@modal` slot where a product opened from the list is shown.
export default function ProductsLayout({ children, modal }: { children: ReactNode; modal: ReactNode }) {
  return (
    <ProductsFlashProvider>
      {children}
      {modal}
    </ProductsFlashProvider>
  );
}

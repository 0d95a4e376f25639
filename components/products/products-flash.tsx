"use client";

import { createContext, type ReactNode, useContext, useState } from "react";

export type Banner = { tone: "success" | "error"; text: string } | null;

const FlashContext = createContext<{ banner: Banner; setBanner: (banner: Banner) => void } | null>(null);

/** The list's banner, kept by the products layout: a product deleted in its modal or page says so on the list. */
export function ProductsFlashProvider({ children }: { children: ReactNode }) {
  const [banner, setBanner] = useState<Banner>(null);
  return <FlashContext value={{ banner, setBanner }}>{children}</FlashContext>;
}

export function useProductsFlash() {
  const value = useContext(FlashContext);
  if (!value) throw new Error("useProductsFlash hors de ProductsFlashProvider");
  return value;
}

import { notFound } from "next/navigation";
import { redirectToLogin, getPageUser } from "@/lib/auth";
import { loadProductPage } from "./load-product-page";
import { productPath } from "./product-path";

/**
 * The product page's data for the signed-in owner. A visitor goes to the login page, which brings them back
 * here; a malformed, missing or foreign id renders the app's not-found page (nothing tells them apart).
 */
export async function requireProductPage(rawId: string) {
  const user = await getPageUser();
  if (!user) return redirectToLogin(productPath(rawId));
  const data = await loadProductPage(user.workspaceId, rawId);
  if (!data) notFound();
  return data;
}

/** The page's title: the product's name, for its owner only (anyone else learns nothing from it). */
export async function productPageTitle(rawId: string): Promise<string> {
  const user = await getPageUser();
  const data = user ? await loadProductPage(user.workspaceId, rawId) : null;
  return data ? data.product.name : "Produit";
}

// PUT /api/products/{id}/reference-price – set or clear the product's reference price ("mon prix")
import { ZReferencePrice } from "@/lib/products/schemas";
import { setReferencePrice } from "@/lib/products/set-reference-price";
import { withAuth } from "@/lib/http/with-auth";
import { ZProductParams } from "@/lib/http/path-params";

export const PUT = withAuth({ params: ZProductParams, body: ZReferencePrice }, async ({ user, body, params }) =>
  setReferencePrice(user.workspaceId, params.id!, body.reference_price),
);

// GET /api/openapi.json – the OpenAPI 3.1 document of the public API
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { withPublic } from "@/lib/http/with-auth";

export const GET = withPublic({}, async () => buildOpenApiDocument());

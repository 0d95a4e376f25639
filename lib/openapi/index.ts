// The public face of lib/openapi: other domains import from here only (DESIGN §10).
export { buildOpenApiDocument } from "./build-openapi-document";
export { NODE_SAMPLE, PYTHON_SAMPLE } from "./webhook-samples";

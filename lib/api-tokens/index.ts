// The public face of lib/api-tokens: other domains import from here only (DESIGN §10).
export { createApiToken } from "./create-api-token";
export { listApiTokens } from "./list-api-tokens";
export { revokeApiToken } from "./revoke-api-token";

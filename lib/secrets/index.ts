// The public face of lib/secrets (the key that signs sessions and links, and the sealing of stored secrets): other
// domains import from here only (DESIGN §10).
export { getAuthSecret } from "./get-auth-secret";
export { maskSecret, openSecret, sealSecret } from "./secret-box";

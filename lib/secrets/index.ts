// The public face of lib/secrets: other domains import from here only (DESIGN §10).
export { maskSecret, openSecret, sealSecret } from "./secret-box";

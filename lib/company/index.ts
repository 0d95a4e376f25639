// The public face of lib/company: other domains import from here only (DESIGN §10).
export { getCompany } from "./get-company";

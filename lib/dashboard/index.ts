// The public face of lib/dashboard: other domains import from here only (DESIGN §10).
export { loadDashboard } from "./load-dashboard";

// The public face of lib/contact: other domains import from here only (DESIGN §10).
export { sendContactMessage } from "./send-contact-message";

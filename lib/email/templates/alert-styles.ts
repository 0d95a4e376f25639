import type { CSSProperties } from "react";

// Inline styles shared by the alert e-mails (mail clients ignore stylesheets).
export const BRAND = "#4f46e5";

export const s = {
  body: {
    backgroundColor: "#f4f4f5",
    fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    margin: 0,
    padding: "24px 0",
  },
  container: {
    backgroundColor: "#ffffff",
    border: "1px solid #e4e4e7",
    borderRadius: "12px",
    margin: "0 auto",
    maxWidth: "560px",
    padding: "28px 32px",
  },
  brand: { color: BRAND, fontSize: "15px", fontWeight: 700, letterSpacing: "0.02em", margin: "0 0 20px" },
  heading: { color: "#18181b", fontSize: "20px", fontWeight: 600, lineHeight: "28px", margin: "0 0 8px" },
  text: { color: "#3f3f46", fontSize: "14px", lineHeight: "22px", margin: "0 0 12px" },
  muted: { color: "#71717a", fontSize: "12px", lineHeight: "18px", margin: "0 0 6px" },
  label: { color: "#71717a", fontSize: "13px", padding: "6px 12px 6px 0", verticalAlign: "top", width: "38%" },
  value: { color: "#18181b", fontSize: "14px", fontWeight: 500, padding: "6px 0", textAlign: "right" as const },
  down: { color: "#15803d" },
  up: { color: "#b91c1c" },
  button: {
    backgroundColor: BRAND,
    borderRadius: "8px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "14px",
    fontWeight: 600,
    padding: "10px 18px",
    textDecoration: "none",
  },
  testBanner: {
    backgroundColor: "#fef3c7",
    border: "1px solid #fde68a",
    borderRadius: "8px",
    color: "#78350f",
    fontSize: "13px",
    margin: "0 0 16px",
    padding: "10px 12px",
  },
  hr: { borderColor: "#e4e4e7", margin: "24px 0 16px" },
  link: { color: BRAND, textDecoration: "underline" },
  groupTitle: { color: "#18181b", fontSize: "16px", fontWeight: 600, margin: "20px 0 8px" },
  row: { borderTop: "1px solid #f4f4f5" },
} satisfies Record<string, CSSProperties>;

import { ImageResponse } from "next/og";

// Rendered with the font bundled in next/og: no network access at build or run time.
export const alt = "VeillePrix – Surveillez les prix de vos concurrents, automatiquement";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

const BARS = [62, 58, 70, 66, 54, 48, 52, 40, 36, 30];

export default function OpengraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "72px 80px",
        background: "linear-gradient(135deg, #ffffff 0%, #eef0ff 60%, #dfe3ff 100%)",
        color: "#18181b",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
        <div
          style={{
            width: 64,
            height: 64,
            borderRadius: 16,
            background: "#4f46e5",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          <svg width="38" height="38" viewBox="0 0 20 20" fill="none" stroke="white" strokeWidth="2.2">
            <path d="M3 14l4-4 3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <div style={{ fontSize: 40, fontWeight: 700, letterSpacing: -1 }}>VeillePrix</div>
      </div>
      <div style={{ display: "flex", alignItems: "flex-end", justifyContent: "space-between", gap: 48 }}>
        <div style={{ display: "flex", flexDirection: "column", maxWidth: 700 }}>
          <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.08, letterSpacing: -2 }}>
            Surveillez les prix de vos concurrents, automatiquement.
          </div>
          <div style={{ marginTop: 28, fontSize: 28, color: "#52525b" }}>
            Relevés automatiques · Historique · Alertes · Exports
          </div>
        </div>
        <div style={{ display: "flex", alignItems: "flex-end", gap: 10, height: 220 }}>
          {BARS.map((h, i) => (
            <div
              key={i}
              style={{
                width: 22,
                height: h * 3,
                borderRadius: 6,
                background: i === BARS.length - 1 ? "#4f46e5" : "#c7cbfb",
              }}
            />
          ))}
        </div>
      </div>
    </div>,
    size,
  );
}

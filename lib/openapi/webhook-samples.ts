import { REPLAY_WINDOW_SECONDS, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "@/lib/alerts";

// The verification samples of /docs/api (tests/unit/webhook-samples.test.ts runs the Node one on a real signature).
export const NODE_SAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// secret : la chaîne entière affichée à la création du canal, préfixe « whsec_ » compris
function verifier(secret, headers, rawBody) {
  const timestamp = headers["${TIMESTAMP_HEADER.toLowerCase()}"];
  const signature = headers["${SIGNATURE_HEADER.toLowerCase()}"] ?? "";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > ${REPLAY_WINDOW_SECONDS}) return false;
  const attendu = "v1=" + createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex");
  return signature.length === attendu.length && timingSafeEqual(Buffer.from(signature), Buffer.from(attendu));
}`;

export const PYTHON_SAMPLE = `import hashlib, hmac, time

# secret : la chaîne entière affichée à la création du canal, préfixe « whsec_ » compris
def verifier(secret: str, headers, raw_body: bytes) -> bool:
    timestamp = headers["${TIMESTAMP_HEADER}"]
    signature = headers.get("${SIGNATURE_HEADER}", "")
    if abs(time.time() - int(timestamp)) > ${REPLAY_WINDOW_SECONDS}:
        return False
    message = timestamp.encode() + b"." + raw_body
    attendu = "v1=" + hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature, attendu)`;

import http from "node:http";
import https from "node:https";

const PATCHED = Symbol.for("veilleprix.peerAddress");

/**
 * `next start` sets X-Forwarded-For from the socket only when the client sent none, so a client could name
 * any address. Appending the socket peer to the header of every request, as a proxy does, makes the last hop
 * trustworthy (lib/http/client-ip.ts). Installed once by instrumentation.ts, in the server's own process.
 */
export function recordPeerAddress(): void {
  for (const Server of [http.Server, https.Server]) {
    const proto = Server.prototype as http.Server & { [PATCHED]?: boolean };
    if (proto[PATCHED]) continue;
    const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        const req = args[0] as http.IncomingMessage;
        const peer = req.socket?.remoteAddress;
        if (peer) {
          const sent = req.headers["x-forwarded-for"];
          const previous = Array.isArray(sent) ? sent.join(", ") : sent;
          req.headers["x-forwarded-for"] = previous ? `${previous}, ${peer}` : peer;
        }
      }
      return emit.call(this, event, ...args);
    } as typeof proto.emit;
    proto[PATCHED] = true;
  }
}

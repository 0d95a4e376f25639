import type { NextAuthOptions } from "next-auth";
import { cookies } from "next/headers";
import CredentialsProvider from "next-auth/providers/credentials";
import {
  isSessionLive,
  knownDeviceCookie,
  openSession,
  SESSION_MAX_AGE_SECONDS,
  readSessionProfile,
  revokeSession,
  verifyCredentials,
} from "@/lib/auth";
import { getAuthSecret } from "@/lib/secrets";
import { AppError } from "@/lib/errors/app-error";
import { clientIp } from "./client-ip";
import { errorBody } from "./error-table";

// next-auth's configuration: the edge of browser sign-in (cookies, client address, French messages)

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

export const authOptions: NextAuthOptions = {
  // read on use: importing this module (e.g. during `next build`) must not create the secret file
  get secret() {
    return getAuthSecret();
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Mot de passe", type: "password" } },
      async authorize(credentials, req) {
        const forwarded = headerValue(req?.headers, "x-forwarded-for");
        const vercel = headerValue(req?.headers, "x-vercel-forwarded-for");
        const ip = clientIp(
          new Headers({
            ...(forwarded ? { "x-forwarded-for": forwarded } : {}),
            ...(vercel ? { "x-vercel-forwarded-for": vercel } : {}),
          }),
        );
        try {
          const user = await verifyCredentials(
            { email: credentials?.email ?? "", password: credentials?.password ?? "" },
            ip,
            headerValue(req?.headers, "cookie"),
          );
          const device = knownDeviceCookie(user.email);
          (await cookies()).set(device.name, device.value, device.options);
          return {
            id: user.id,
            email: user.email,
            name: user.firstName,
            firstName: user.firstName,
            lastName: user.lastName,
          };
        } catch (error) {
          // next-auth hands this message to signIn() as `error`
          if (error instanceof AppError) throw new Error(errorBody(error).body.detail);
          if (error instanceof Error && error.name === "ZodError") throw new Error("Veuillez remplir tous les champs");
          throw error;
        }
      },
    }),
  ],
  events: {
    async signOut({ token }) {
      await revokeSession(token?.sid);
    },
  },
  callbacks: {
    async jwt({ token, user, trigger }) {
      if (user) {
        token.sub = user.id;
        token.firstName = user.firstName;
        token.lastName = user.lastName;
        token.sid = await openSession(user.id);
        return token;
      }
      // a signed-out or revoked session is nobody: next-auth then answers `{}` and clears the cookie
      if (!(await isSessionLive(token.sid, token.sub))) throw new Error("Session terminée");
      if (trigger === "update" && token.sub) {
        const row = await readSessionProfile(token.sub);
        if (row) {
          token.email = row.email;
          token.name = row.firstName;
          token.firstName = row.firstName;
          token.lastName = row.lastName;
        }
      }
      return token;
    },
    async session({ session, token }) {
      session.user = {
        id: token.sub ?? "",
        email: token.email ?? "",
        name: token.firstName ?? token.name ?? "",
        firstName: token.firstName ?? "",
        lastName: token.lastName ?? "",
      };
      return session;
    },
  },
};

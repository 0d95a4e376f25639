import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; firstName: string; lastName: string };
  }
  interface User {
    firstName: string;
    lastName: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    firstName?: string;
    lastName?: string;
    /** the sessions row of this sign-in (revoked on sign-out and password change) */
    sid?: string;
  }
}

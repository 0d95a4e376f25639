import { useSession } from "next-auth/react";

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
};

type SessionUserShape = Partial<Record<"id" | "email" | "name" | "firstName" | "lastName", string | number | null>>;

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

/** The signed-in user from the next-auth session (shape set by lib/auth's session callback). */
export function useCurrentUser() {
  const { data, status, update } = useSession();
  const raw = (data?.user ?? null) as SessionUserShape | null;
  const user: CurrentUser | null =
    status === "authenticated" && raw
      ? {
          id: String(raw.id ?? ""),
          email: str(raw.email) ?? "",
          name: str(raw.name),
          firstName: str(raw.firstName),
          lastName: str(raw.lastName),
        }
      : null;
  return { user, status, update };
}

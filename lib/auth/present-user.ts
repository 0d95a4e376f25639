import type { TAuthUser } from "./resolve-user";

type UserLike = Pick<TAuthUser, "id" | "email" | "firstName" | "lastName" | "roles" | "createdAt"> & {
  emailVerified?: boolean;
  emailVerifiedAt?: Date | null;
};

const isVerified = (user: UserLike) => user.emailVerified ?? user.emailVerifiedAt != null;

/** `GET /api/auth/me` shape (SPEC.md §3). */
export function presentMe(user: UserLike) {
  return {
    id: user.id,
    firstname: user.firstName,
    lastname: user.lastName,
    email: user.email,
    email_verified: isVerified(user),
    created_at: user.createdAt.toISOString(),
    roles: user.roles.map((name) => ({ name })),
  };
}

/** `GET /api/users/me` shape: the profile, in the payload's field names. */
export function presentProfile(user: UserLike) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    email_verified: isVerified(user),
    created_at: user.createdAt.toISOString(),
  };
}

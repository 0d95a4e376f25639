export * from "./users";
export * from "./billing";
export * from "./products";
export * from "./alerts";
export * from "./email";
export * from "./rate-limits";
export * from "./alert-channels";
export * from "./reports";

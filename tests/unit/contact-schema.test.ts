import { describe, expect, it } from "vitest";
import { CONTACT_MSG, ZContact } from "@/lib/contact/schemas";

const valid = {
  name: "Léa Martin",
  email: "lea@exemple.fr",
  company: "Maison Martin",
  message: "Bonjour, je voudrais une démo.",
};

const firstError = (input: unknown) => {
  const res = ZContact.safeParse(input);
  expect(res.success).toBe(false);
  return res.success ? "" : res.error.issues[0]!.message;
};

describe("ZContact", () => {
  it("accepts a complete message, trims the fields and lower-cases the e-mail", () => {
    const out = ZContact.parse({
      ...valid,
      name: "  Léa Martin ",
      email: " Lea@Exemple.FR ",
      message: `  ${valid.message}\n`,
    });
    expect(out).toEqual({ ...valid, website: "" });
  });

  it("treats the company as optional", () => {
    expect(ZContact.parse({ name: "Léa", email: "lea@exemple.fr", message: "Un message assez long." }).company).toBe(
      "",
    );
  });

  it.each([
    ["an empty name", { name: "" }, CONTACT_MSG.nameRequired],
    ["a blank name", { name: "   " }, CONTACT_MSG.nameRequired],
    ["a missing name", { name: undefined }, CONTACT_MSG.nameRequired],
    ["a 101-character name", { name: "x".repeat(101) }, CONTACT_MSG.nameTooLong],
    ["an empty e-mail", { email: "" }, CONTACT_MSG.emailRequired],
    ["a missing e-mail", { email: undefined }, CONTACT_MSG.emailRequired],
    ["an e-mail without @", { email: "pas-un-email" }, CONTACT_MSG.invalidEmail],
    ["an e-mail without domain dot", { email: "a@b" }, CONTACT_MSG.invalidEmail],
    ["a 151-character company", { company: "x".repeat(151) }, CONTACT_MSG.companyTooLong],
    ["an empty message", { message: "" }, CONTACT_MSG.messageRequired],
    ["a blank message", { message: "   " }, CONTACT_MSG.messageRequired],
    ["a 9-character message", { message: "123456789" }, CONTACT_MSG.messageTooShort],
    ["a 5001-character message", { message: "x".repeat(5001) }, CONTACT_MSG.messageTooLong],
  ])("refuses %s with a French message", (_label, patch, message) => {
    expect(firstError({ ...valid, ...patch })).toBe(message);
  });

  it("accepts the limits themselves", () => {
    expect(ZContact.safeParse({ ...valid, name: "x".repeat(100), message: "x".repeat(5000) }).success).toBe(true);
    expect(ZContact.safeParse({ ...valid, message: "x".repeat(10) }).success).toBe(true);
  });

  it("refuses a non-string field", () => {
    expect(firstError({ ...valid, message: 42 })).toBe(CONTACT_MSG.messageRequired);
  });
});

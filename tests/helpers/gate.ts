/** A promise the test opens when it decides: forces one order of two concurrent requests. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

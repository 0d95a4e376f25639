// The list itself: no modal (a soft navigation back to /products closes any that was open).
export default function ListWithoutModal() {
  return null;
}

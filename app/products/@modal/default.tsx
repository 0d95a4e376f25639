// No modal unless a card was opened from the list (a direct visit renders the full page instead).
export default function NoModal() {
  return null;
}

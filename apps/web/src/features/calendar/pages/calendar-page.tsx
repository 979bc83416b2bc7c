/** Placeholder: built by a helper. */
export function CalendarPage() {
  return null;
}

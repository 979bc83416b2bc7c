/** Placeholder: built by a helper. */
export function TasksPage() {
  return null;
}

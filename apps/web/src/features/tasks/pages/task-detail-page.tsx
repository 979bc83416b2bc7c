/** Placeholder: built by a helper. */
export function TaskDetailPage() {
  return null;
}

/** Placeholder: built by a helper. */
export function TaskBoardPage() {
  return null;
}

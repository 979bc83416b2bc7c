/** Placeholder: built by a helper. */
export function DocumentsPage() {
  return null;
}

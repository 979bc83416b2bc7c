/** Placeholder: built by a helper. */
export function BusinessDocumentsPage() {
  return null;
}

/** How long after a submit a field may be marked in error (a server's answer). */
const WAIT_MS = 3000;

/**
 * After a form is submitted and its check fails, the focus moves to the first field marked
 * `aria-invalid` (the one whose error to read and fix first) instead of staying on the submit
 * button. One listener for every form of the app (they all check with Mantine's useForm, which
 * marks the fields in error as it renders them); a form that already moved the focus elsewhere,
 * or left the page, keeps what it did. Answers the function that removes the listener.
 */
export function focusFirstInvalidFieldOnSubmit(): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = document.activeElement;
    const started = performance.now();
    // The form's check runs in React's own submit handler, after this one, and a server's answer
    // may mark fields later still: look each frame for a while, as long as the focus has not moved.
    const look = () => {
      const now = document.activeElement;
      const stayed = now === null || now === document.body || now === submitter;
      if (!stayed || !form.isConnected) return;
      const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid) invalid.focus();
      else if (performance.now() - started < WAIT_MS) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  document.addEventListener('submit', onSubmit, true);
  return () => document.removeEventListener('submit', onSubmit, true);
}

import { Form } from "react-router";
import { inputClass, ProtectedFields } from "~/components/forms";

/** A mail program that breaks a link in two: the code at its end works on the page too. */
export function LinkCodeForm({ submitLabel }: { submitLabel: string }) {
  return (
    <Form method="post" className="mt-4 space-y-3">
      <ProtectedFields honeypot />
      <label htmlFor="token" className="block font-semibold">
        The code at the end of your link
      </label>
      <input id="token" name="token" required autoComplete="off" spellCheck={false} className={inputClass} />
      <button type="submit" className="btn">
        {submitLabel}
      </button>
    </Form>
  );
}

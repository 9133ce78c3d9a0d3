import type { FormEvent } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * onSubmit for a fetcher form that also works without JavaScript: without it
 * the form posts with its redirectTo field and the action redirects back (PRG);
 * with it the fetcher posts the same fields minus redirectTo, and the action
 * answers with data instead of a navigation.
 */
export function submitInPlace(fetcher: FetcherWithComponents<unknown>, action: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    formData.delete("redirectTo");
    fetcher.submit(formData, { method: "post", action });
  };
}

export const HIDDEN_FIELD_ERROR = "This form could not be sent as it was. Reload the page and try again.";

type FailedSubmission<Result> = {
  error: Record<string, string[] | null> | null;
  reply(options?: { formErrors?: string[]; hideFields?: string[] }): Result;
};

/**
 * The reply to a submission that failed its schema. An error on a hidden
 * field is one a person can neither see nor fix (only a tampered or stale
 * form has it), so it also becomes a form error they can read.
 */
export function replyToFailure<Result>(
  submission: FailedSubmission<Result>,
  hiddenFields: string[],
  options: { hideFields?: string[] } = {},
): Result {
  const hiddenError = hiddenFields.some((name) => submission.error?.[name]?.length);
  return submission.reply(hiddenError ? { ...options, formErrors: [HIDDEN_FIELD_ERROR] } : options);
}

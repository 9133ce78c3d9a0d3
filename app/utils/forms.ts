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

import { data } from "react-router";

/** Throws a 4xx/5xx response the error boundary turns into the product's error page. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status: number } = { status: 400 },
): asserts condition {
  if (!condition) throw data({ message }, init);
}

/**
 * A route's `headers`: keep the headers of a thrown response (Retry-After on
 * the 429 page), else those of the action or loader.
 */
export function keepResponseHeaders({
  errorHeaders,
  actionHeaders,
  loaderHeaders,
}: {
  errorHeaders?: Headers;
  actionHeaders: Headers;
  loaderHeaders: Headers;
}): Headers {
  if (errorHeaders && [...errorHeaders.keys()].length) return errorHeaders;
  if ([...actionHeaders.keys()].length) return actionHeaders;
  return loaderHeaders;
}

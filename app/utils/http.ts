import { data } from "react-router";

/** Throws a 4xx/5xx response the error boundary turns into the product's error page. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status: number } = { status: 400 },
): asserts condition {
  if (!condition) throw data({ message }, init);
}

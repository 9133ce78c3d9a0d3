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

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export function isFormRequest(request: Request): boolean {
  const type = request.headers.get("Content-Type") ?? "";
  return FORM_TYPES.some((t) => type.includes(t));
}

/** The posted form, or a clear 4xx: 415 for another content type, 400 for a body that cannot be read. */
export async function readFormData(request: Request): Promise<FormData> {
  invariantResponse(
    isFormRequest(request),
    "Send this as a form (application/x-www-form-urlencoded or multipart/form-data).",
    {
      status: 415,
    },
  );
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The form could not be read." }, { status: 400 });
  }
}

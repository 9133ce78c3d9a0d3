// Where focus goes after the server refused a form (the shared form kit's one mechanism): the
// first field marked aria-invalid, or else the form-level message. Apart from ./form-errors, which
// every reader's page loads, so that only the pages that use it pay for it.
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/** What a form-level message takes in the first HTML of a refused form: focus, without JavaScript. */
export const FOCUS_FIRST = { autoFocus: true, tabIndex: -1 } as const;

/**
 * Where focus goes after the server refused a form: the first field marked aria-invalid (it
 * carries aria-describedby to its message), or else the first message said as an alert (a form
 * with no field to blame), made focusable for it; a refused password field is emptied. The first HTML of a refused form says the
 * same with `autofocus` on that element (see refusalFocus).
 */
export function focusRefusal(root: ParentNode = document) {
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"]:not([type="hidden"]):not([disabled])');
  const target = field ?? root.querySelector<HTMLElement>('[role="alert"]');
  if (target && !field && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  // A password the server refused is emptied, as the page without JavaScript has it: the dots of a
  // wrong one cannot be read, so typing over them only made another wrong one.
  if (field instanceof HTMLInputElement && field.type === "password") field.value = "";
  target?.focus();
  return target;
}

/**
 * With JavaScript a refused form stays on the page, and its pressed button, disabled while the form
 * was sent, had dropped focus to <body>: keyboard and screen-reader users then had to hunt for the
 * message. Once a POST navigation ends (an action answered with data, not a redirect to another
 * page), focus goes where focusRefusal points, if anywhere. One call in a layout covers every
 * form of its pages; conform's forms focus their first invalid field themselves, and agree.
 */
export function useFocusAfterRefusal() {
  const { state, formMethod } = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    if (state === "submitting" && formMethod?.toUpperCase() === "POST") sent.current = true;
    else if (state === "idle" && sent.current) {
      sent.current = false;
      // After the frame's renders: conform marks its fields aria-invalid in a render of its own.
      requestAnimationFrame(() => focusRefusal(document.querySelector("main") ?? document));
    }
  }, [state, formMethod]);
}

/**
 * The name of the field that gets `autofocus` in the first HTML of a refused form (without
 * JavaScript the browser focuses it as the page loads): the first of `order` with an error, or ""
 * for the form-level message when only that is set, or null when nothing was refused.
 */
export function refusalFocus(
  errors: Record<string, readonly string[] | null | undefined> | null | undefined,
  order: readonly string[],
): string | null {
  if (!errors) return null;
  const field = order.find((name) => errors[name]?.length);
  if (field !== undefined) return field;
  return Object.values(errors).some((messages) => messages?.length) ? "" : null;
}

/** What an element spreads to take focus in the first HTML of a refused form: see refusedBy. */
export type Refused = (name: string) => { autoFocus?: boolean; tabIndex?: number };

/**
 * refusalFocus as props: `refused(name)` is spread on the input of the field called `name`, and
 * `refused("")` on the form's FormErrors; only the one refusalFocus chose gets `autofocus`.
 */
export function refusedBy(
  errors: Record<string, readonly string[] | null | undefined> | null | undefined,
  order: readonly string[],
): Refused {
  return refusedAt(refusalFocus(errors, order));
}

/** The props of refusedBy, for a `focus` refusalFocus gave. */
export function refusedAt(focus: string | null): Refused {
  return (name) => (focus !== name ? {} : name === "" ? FOCUS_FIRST : { autoFocus: true });
}

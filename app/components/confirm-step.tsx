// The second press of an action that cannot be taken back (deleting a person, publishing and
// announcing a story, merging categories; docs/decisions/017, stop 65). The first press only asks: the server
// answers with this step instead of acting, so it works without JavaScript, and an action posted
// without `confirmed=yes` (a stale page, a double tap) never acts at once.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FOCUS_FIRST } from "./refusal-focus";

/** The hidden field the step's "Yes" button is sent with. */
export const CONFIRM_FIELD = "confirmed";

/** The name of the "Not yet" button of a step whose way back is sent (see ConfirmStep's `back`). */
export const BACK_FIELD = "back";

/** Whether the form was sent from the confirm step (its "Yes" button), not from the first press. */
export function isConfirmed(form: FormData): boolean {
  return form.get(CONFIRM_FIELD) === "yes" && form.get(BACK_FIELD) === null;
}

/** Whether the form was sent with the step's "Not yet" button. */
export function wentBack(form: FormData): boolean {
  return form.get(BACK_FIELD) === "yes";
}

/**
 * The question, said as an alert and focused (with JavaScript through the admin layout's
 * useFocusAfterRefusal, without it through `autofocus`), the fields the form needs again, the
 * "Yes" button and the way back: a link to the page as it was, or, where the page is the one the
 * form was posted to and the way back should land at an anchor in it (a link differing only by its
 * #anchor does not load anything without JavaScript), a button sending `back=yes`, which the
 * action answers with a redirect to there, acting on nothing.
 */
export function ConfirmStep({
  question,
  yes,
  name,
  value,
  back,
  backLabel,
  children,
  focus = true,
}: {
  question: ReactNode;
  yes: string;
  name: string;
  value: string;
  back: string | "send";
  backLabel: string;
  children?: ReactNode;
  /** False when a field of the step was refused: that field takes focus, not the question. */
  focus?: boolean;
}) {
  return (
    <div className="space-y-3 rounded-lg border border-accent p-3">
      <p role="alert" {...(focus ? FOCUS_FIRST : {})} className="font-semibold">
        {question}
      </p>
      <input type="hidden" name={CONFIRM_FIELD} value="yes" />
      {children}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" name={name} value={value} className="btn btn-primary">
          {yes}
        </button>
        {back === "send" ? (
          <button type="submit" name={BACK_FIELD} value="yes" formNoValidate className="btn">
            {backLabel}
          </button>
        ) : (
          <Link to={back} className="btn">
            {backLabel}
          </Link>
        )}
      </div>
    </div>
  );
}

import { Link } from "react-router";

/**
 * The end of a community form that has a page of its own (report, edit, delete): its button, which
 * says it is working while the form is sent, and the way back to the post without sending it.
 */
export function SendOrGoBack({
  busy,
  label,
  busyLabel,
  back,
  backLabel = "Cancel",
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  back: string;
  backLabel?: string;
}) {
  return (
    <>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <Link to={back} className="underline">
        {backLabel}
      </Link>
    </>
  );
}

import { Link } from "react-router";
import type { ContentWarningId } from "./content-warnings";
import { SHOW_STORY_PARAM, warningLabel } from "./warnings";

/** Stands in for the text of a story whose warnings the reader chose to collapse. */
export function WarningNotice({ warnings, pathname }: { warnings: ContentWarningId[]; pathname: string }) {
  return (
    <div
      role="note"
      aria-labelledby="warning-notice-title"
      className="mt-8 rounded-lg border border-line bg-surface p-6"
    >
      <h2 id="warning-notice-title" className="font-serif text-xl font-bold">
        Content warnings
      </h2>
      <p className="mt-2">
        This story contains: {warnings.map(warningLabel).join(", ")}. You chose to have stories with{" "}
        {warnings.length === 1 ? "this warning" : "these warnings"} collapsed.
      </p>
      <p className="mt-4">
        <Link to={`${pathname}?${SHOW_STORY_PARAM}=1`} className="btn btn-primary" rel="nofollow">
          Show the story
        </Link>
      </p>
    </div>
  );
}

/** The warnings a story carries, shown above its text (always, collapsed or not). */
export function WarningList({ warnings, mature }: { warnings: ContentWarningId[]; mature: boolean }) {
  if (!warnings.length && !mature) return null;
  return (
    <p className="mt-2 text-sm">
      {mature ? <span className="font-semibold">Mature content. </span> : null}
      {warnings.length ? <>Content warnings: {warnings.map(warningLabel).join(", ")}.</> : null}
    </p>
  );
}

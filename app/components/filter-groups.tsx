import { Link } from "react-router";

export type FilterOption = {
  label: string;
  to: string;
  current: boolean;
  /** The group's "everything" choice: left out of the folded summary. */
  all?: boolean;
};
/** `sort`: the group orders the list rather than narrowing it (the fold's name says "and sort"). */
export type FilterGroup = { id: string; label: string; options: FilterOption[]; sort?: boolean };

/** "Gothic · Newest added": each group's current choice but "All". */
export function filterSummary(groups: FilterGroup[]): string {
  const chosen = groups.flatMap((g) => g.options.filter((o) => o.current && !o.all).map((o) => o.label));
  return chosen.length ? chosen.join(" · ") : "All";
}

/**
 * A list page's filters and sort orders: links with query strings (they work
 * without JavaScript), each group named for the eye and for assistive
 * technology. Where the list is narrow (a phone, or beside the sidebar) they
 * fold into one "Filter" (or "Filter and sort") disclosure that says what is chosen; where
 * there is room app.css shows them open and hides the disclosure's summary.
 * A <details>, so it opens without JavaScript too.
 */
export function FilterGroups({ groups }: { groups: FilterGroup[] }) {
  const shown = groups.filter((g) => g.options.length > 1);
  if (!shown.length) return null;
  const summary = filterSummary(shown);
  return (
    <div className="filter-room mt-4">
      {/* Keyed by the choice: with JavaScript too, a new choice shows the list folded again, as its page load does. */}
      <details key={summary} className="filter-fold">
        <summary className="btn max-w-full cursor-pointer flex-wrap text-sm">
          {shown.some((g) => g.sort) ? "Filter and sort" : "Filter"}: <span className="font-normal">{summary}</span>
          <span aria-hidden="true">▾</span>
        </summary>
        <div className="mt-3 space-y-3">
          {shown.map((group) => (
            // A fieldset names its group (role group, named by its legend), as a form's would be.
            // Its name stands beside the choices where a long one still fits beside it, else above
            // them: in the largest text on a phone, beside it left 194 px for "Psychological"'s 240.
            <fieldset key={group.id}>
              <legend className="pb-1 text-sm font-semibold text-muted @min-[15rem]:float-left @min-[15rem]:w-20 @min-[15rem]:py-3">
                {group.label}
              </legend>
              <ul className="flex flex-wrap gap-2">
                {group.options.map((option) => (
                  // No wider than the list: a name longer than the line breaks inside its chip.
                  <li key={option.to} className="max-w-full">
                    <Link
                      to={option.to}
                      aria-current={option.current ? "page" : undefined}
                      className={`btn max-w-full py-1 text-sm ${option.current ? "btn-primary" : ""}`}
                    >
                      {option.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      </details>
    </div>
  );
}

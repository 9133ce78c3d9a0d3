// The id of the server error behind a server-rendered 500 page (docs/decisions/029):
// the page shows it with a "Report Bug" link to /report-bug prefilled with it, so a
// reader's report leads an admin to the server's log entry, with or without
// JavaScript. entry.server.tsx provides it for the request; in the browser the
// first render reads it back from the page, so hydration sees the same markup.
import { createContext, use } from "react";
import { useLocation } from "react-router";

export const ServerErrorIdContext = createContext<string | null>(null);

const ATTRIBUTE = "data-server-error-id";

/** The id for the error page being rendered: only on the document the server sent, never after a navigation. */
export function useServerErrorId(): string | null {
  const fromServer = use(ServerErrorIdContext);
  const location = useLocation();
  if (fromServer) return fromServer;
  if (typeof document === "undefined" || location.key !== "default") return null;
  return document.querySelector(`[${ATTRIBUTE}]`)?.getAttribute(ATTRIBUTE) ?? null;
}

/** The error id line and the Report Bug link of a server error page. */
export function ServerErrorReport({ errorId, page }: { errorId: string; page: string }) {
  return (
    <div className="mt-6 text-sm" {...{ [ATTRIBUTE]: errorId }}>
      <p className="text-muted">
        Error ID: <code>{errorId}</code>
      </p>
      <a className="btn mt-3" href={`/report-bug?${new URLSearchParams({ page, errorId })}`}>
        Report Bug
      </a>
    </div>
  );
}

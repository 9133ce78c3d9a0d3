import { Component, type ErrorInfo, type ReactNode, useState } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { logError, newErrorId } from "~/errors/client-logger";
import { ServerErrorReport, useServerErrorId } from "~/errors/server-error-id";
import { showToast } from "~/toasts/toast-store";
import { apiRequest } from "~/utils/api-client";
import { resendOf } from "~/utils/resend";
import { type StatusPage, statusDocumentTitle, statusPageFor } from "~/utils/status-pages";
import { useHydrated } from "~/utils/use-hydrated";
import { SectionTitle } from "./page-title";
import { StatusPageView } from "./status-page";

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return undefined;
}

/** The form a 503 answer carries to send again (~/utils/resend). */
export function resendForError(error: unknown) {
  return isRouteErrorResponse(error) ? resendOf(error.data) : undefined;
}

/** Which error page a caught error shows: the response's status, or 500 for anything unexpected. */
export function statusPageForError(error: unknown): StatusPage {
  if (isRouteErrorResponse(error)) return statusPageFor(error.status, serverMessage(error.data));
  return statusPageFor(500);
}

/**
 * Error boundary of the layout routes: a thrown response renders the product
 * page for its status, anything else the 500 page. React Router has already
 * set the HTTP status; in production it never sends a stack trace.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const page = statusPageForError(error);
  const errorId = useServerErrorId();
  const url = useCurrentUrl();
  return (
    <StatusPageView page={page} retryUrl={url} resend={resendForError(error)}>
      {page.code === 500 && errorId ? <ServerErrorReport errorId={errorId} page={url} /> : null}
    </StatusPageView>
  );
}

/** Title and description of the error page a caught error shows, for the layouts' meta. */
export function errorMeta(error: unknown) {
  const page = statusPageForError(error);
  return [{ title: statusDocumentTitle(page) }, { name: "description", content: page.description }];
}

export function useCurrentUrl() {
  const location = useLocation();
  return location.pathname + location.search;
}

/** What "Report Bug" sends (spec §7 POST /api/user-feedback), and the toast after it. */
export function errorReport(errorId: string) {
  return {
    type: "bug",
    content: `Error Report - ID: ${errorId}`,
    metadata: { errorId, userAgent: navigator.userAgent, url: location.href },
  };
}
export const REPORT_SENT = { title: "Report sent", description: "Thank you for your feedback." } as const;

/**
 * Report Bug: once the app runs, one press sends the error report and says
 * "Report sent"; before that (or without an error id) it is a link to the
 * /report-bug form, prefilled with the page and the error id.
 */
function ReportBugControl({ errorId, page }: { errorId?: string; page: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const report = `/report-bug?${new URLSearchParams({ page, ...(errorId ? { errorId } : {}) })}`;
  if (!hydrated || !errorId) {
    return (
      <Link className="btn" to={report}>
        Report Bug
      </Link>
    );
  }
  async function send(id: string) {
    setState("sending");
    try {
      await apiRequest("/api/user-feedback", { method: "POST", body: errorReport(id) });
      showToast({ ...REPORT_SENT, variant: "success" });
      setState("sent");
    } catch (error) {
      const { showErrorToast } = await import("~/toasts/error-toasts");
      showErrorToast(error);
      setState("idle");
    }
  }
  return (
    <button type="button" className="btn" disabled={state !== "idle"} onClick={() => void send(errorId)}>
      {state === "sent" ? "Report sent" : state === "sending" ? "Sending..." : "Report Bug"}
    </button>
  );
}

export const SCREEN_MESSAGES = {
  page: "Something went wrong on this page. Please try again.",
  component: "A component failed to load. Please try again.",
} as const;

/** Whether an error is a piece of the app's code that could not be downloaded (spec §8: "A component failed to load"). */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(message);
}

/** Route-level fallback (spec §2 Error fallback screens): Try Again, Refresh Page, Report Bug. */
export function RouteErrorFallback({
  errorId,
  onReset,
  message = SCREEN_MESSAGES.page,
}: {
  errorId?: string;
  onReset?: () => void;
  message?: string;
}) {
  const url = useCurrentUrl();
  return (
    <div role="alert" className="mx-auto my-12 max-w-xl rounded-lg border border-line bg-surface p-card text-center">
      <SectionTitle inCard>Oops! Something went wrong</SectionTitle>
      <p className="mt-2 text-muted">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {onReset ? (
          <button type="button" className="btn btn-primary" onClick={onReset}>
            Try Again
          </button>
        ) : (
          <a className="btn btn-primary" href={url}>
            Try Again
          </a>
        )}
        <a className="btn" href={url}>
          Refresh Page
        </a>
        <ReportBugControl errorId={errorId} page={url} />
      </div>
    </div>
  );
}

/** Full-page fallback for when the whole app fails: Try Again, Refresh Page, Go Home. */
export function FullPageErrorFallback() {
  const url = useCurrentUrl();
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center"
    >
      <h1 className="font-serif text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-muted">A critical error occurred. Please refresh the page.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Plain links: they work without JavaScript and even when the app could not start. */}
        <a className="btn btn-primary" href={url}>
          Try Again
        </a>
        <a className="btn" href={url}>
          Refresh Page
        </a>
        <a className="btn" href="/">
          Go Home
        </a>
      </div>
    </main>
  );
}

type BoundaryState = { error: unknown; errorId?: string };

/**
 * Catches render errors of the page inside the shell after hydration, so the
 * header and sidebar stay usable; Try Again re-renders the page.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, errorId: newErrorId() };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Page render failed", error, info.componentStack);
    logError({
      id: this.state.errorId,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : null,
      componentStack: info.componentStack,
      context: { kind: "render" },
    });
  }

  render() {
    if (this.state.error) {
      return (
        <RouteErrorFallback
          errorId={this.state.errorId}
          onReset={() => this.setState({ error: null })}
          message={isLoadFailure(this.state.error) ? SCREEN_MESSAGES.component : SCREEN_MESSAGES.page}
        />
      );
    }
    return this.props.children;
  }
}

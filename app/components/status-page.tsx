import { Link } from "react-router";
import type { StatusPage } from "~/utils/status-pages";

/** The product's error page: large code, title, themed message, a way home. No navbar or footer. */
export function StatusPageView({ page, children }: { page: StatusPage; children?: React.ReactNode }) {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center"
    >
      <p className="font-serif text-8xl font-bold text-accent" aria-hidden="true">
        {page.code}
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold">
        <span className="sr-only">{page.code} </span>
        {page.title}
      </h1>
      <p className="mt-4 text-lg text-muted">{page.message}</p>
      {children}
      <Link to="/" className="btn btn-primary mt-8">
        Go home
      </Link>
    </main>
  );
}

import { Link } from "react-router";
import type { Resend } from "~/utils/resend";
import type { StatusPage } from "~/utils/status-pages";

/**
 * The product's error page: large code, title, themed message, a way home. No navbar or footer.
 * `retryUrl`, the address that failed: a 503 or 504 there offers to try it again first, since
 * home may be as unavailable as the page was (docs/decisions/045). `resend`, the form a browser
 * sent there without JavaScript: "Try again" sends it again, rather than loading the form empty
 * (docs/decisions/048).
 */
export function StatusPageView({
  page,
  retryUrl,
  resend,
  children,
}: {
  page: StatusPage;
  retryUrl?: string;
  resend?: Resend;
  children?: React.ReactNode;
}) {
  // 503 and 504 pass on their own (the site unavailable, a source that did not answer): worth
  // another try. Every other 5xx shows the 500 page.
  const retry = page.code > 502 && retryUrl;
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center"
    >
      {/* 6rem, but never past a phone's edge in larger text: "404" was 326 px at 320 px in the largest. */}
      <p className="font-serif text-[min(6rem,max(96px,25vw))] leading-none font-bold text-accent" aria-hidden="true">
        {page.code}
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold">
        <span className="sr-only">{page.code} </span>
        {page.title}
      </h1>
      <p className="mt-4 text-lg text-muted">{page.message}</p>
      {children}
      {retry && resend ? (
        <p className="mt-4">
          What you sent is kept on this page: Try again sends it again.
          {resend.withoutPasswords ? " Passwords are not kept, so type yours again." : ""}
          {resend.withoutFiles ? " Files are not kept, so choose yours again." : ""}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {retry && resend ? (
          // A plain form, a document's POST: what the browser sent before, to the same address.
          <form method="post" action={retry}>
            {resend.fields.map(([name, value], index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in which a name may repeat (checkboxes)
              <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn btn-primary">
              Try again
            </button>
          </form>
        ) : retry ? (
          // A document load: the whole page asked again, which the service worker can answer with
          // a kept copy (app/offline/worker/sw.ts) where a client navigation's data request cannot.
          <Link to={retry} reloadDocument className="btn btn-primary">
            Try again
          </Link>
        ) : null}
        <Link to="/" className={retry ? "btn" : "btn btn-primary"}>
          Go home
        </Link>
      </div>
    </main>
  );
}

// The place a signed-in reader has reached, saved as they read (debounced, and
// with keepalive when they leave): the JavaScript half of the story text's
// position forms (./story-text.tsx). A chunk of its own, fetched once the page
// is hydrated, so the story page's own JavaScript does not carry it.
import { paragraphId } from "./shelves";

/** Quiet time before a position is sent while reading: one request per pause, not per scroll event. */
export const POSITION_SAVE_DEBOUNCE_MS = 2000;
/**
 * The paragraph at the top of the screen: the first whose foot is below where a jump to a paragraph
 * puts that paragraph's head (its scroll-margin-top). It is where "Continue reading" (#p-N) opens
 * the story again, so a place saved there is the same place opened again, however short the
 * paragraphs: a line further down (the 40 % of the screen it was) moved the place on by a
 * paragraph or two at each return. At the foot of the page, the last paragraph.
 * Null above the story's first line (the title, the header a phone reader scrolls back up to for
 * the menu): nothing there to save, and the place they had is kept.
 */
function currentParagraph(count: number): number | null {
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
  if (atBottom) return count - 1;
  const first = document.getElementById(paragraphId(0));
  if (!first) return null;
  // Every paragraph has the same margin (.story-block): one style read per scroll event, not one each.
  const line = (Number.parseFloat(getComputedStyle(first).scrollMarginTop) || 0) + 1;
  if (first.getBoundingClientRect().top > line) return null;
  for (let i = 0; i < count; i++) {
    const bottom = document.getElementById(paragraphId(i))?.getBoundingClientRect().bottom;
    if (bottom === undefined) return null;
    if (bottom > line) return i;
  }
  return null;
}

type Watch = {
  slug: string;
  /** The story's paragraphs. */
  count: number;
  /** The position the page was opened with. */
  saved: number | null;
  /** The CSRF token, as it is when a position is sent. */
  token: () => string;
  /** Who the page was built for (the API refuses another reader's position). */
  reader: string;
};

/** Saves the position as the reader scrolls; returns the stop (which sends what is pending). */
export function watchPosition({ slug, count, saved, token, reader }: Watch): () => void {
  const current = { sent: saved, pending: null as number | null, timer: 0 as ReturnType<typeof setTimeout> | 0 };
  /** Where the page was scrolled when the reader last named their paragraph with a button. */
  let named: number | null = null;
  const send = () => {
    if (current.timer) clearTimeout(current.timer);
    current.timer = 0;
    const paragraph = current.pending;
    if (paragraph === null || paragraph === current.sent) return;
    current.sent = paragraph;
    current.pending = null;
    // keepalive: the request outlives the page when the reader leaves.
    fetch("/api/reading-position", {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token() },
      body: JSON.stringify({ slug, paragraph, reader }),
    }).then(
      (response) => {
        // Finishing a first story by scrolling to its end celebrates too (spec §2 confetti).
        if (!response.ok) {
          void response.body?.cancel();
          return;
        }
        response.json().then(
          (body: { position?: { firstFinish?: boolean } }) => {
            if (body.position?.firstFinish) window.dispatchEvent(new Event("hs:celebrate"));
          },
          () => {},
        );
      },
      () => {
        // Offline: the next pause or the forms save it.
        current.sent = null;
      },
    );
  };
  // Only a reader who scrolls moves the position: opening the page (at the top) does not overwrite it.
  const onScroll = () => {
    if (named !== null && Math.abs(window.scrollY - named) < window.innerHeight / 4) return;
    named = null;
    const paragraph = currentParagraph(count);
    if (paragraph === null) return;
    current.pending = paragraph;
    if (current.timer) clearTimeout(current.timer);
    current.timer = setTimeout(send, POSITION_SAVE_DEBOUNCE_MS);
  };
  const onHide = () => {
    if (document.visibilityState === "hidden") send();
  };
  // A paragraph the reader names ("I stopped here", "I finished") outranks the place scrolling gave,
  // which would otherwise be sent after it when they press within the pause, and stands until they
  // scroll on from it (a scroll that ends as they press, or brought the button into view, is not that).
  const onSubmit = (event: SubmitEvent) => {
    const button = event.submitter;
    if (!(button instanceof HTMLButtonElement) || button.name !== "paragraph") return;
    named = window.scrollY;
    if (current.timer) clearTimeout(current.timer);
    current.timer = 0;
    current.pending = null;
    current.sent = Number(button.value);
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("pagehide", send);
  document.addEventListener("visibilitychange", onHide);
  document.addEventListener("submit", onSubmit, true);
  // A reader who scrolled before this chunk came in: their place counts as a scroll.
  if (window.scrollY > 0) onScroll();
  return () => {
    send();
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("pagehide", send);
    document.removeEventListener("visibilitychange", onHide);
    document.removeEventListener("submit", onSubmit, true);
  };
}

// The place a signed-in reader has reached, saved as they read (debounced, and
// with keepalive when they leave): the JavaScript half of the story text's
// position forms (./story-text.tsx). A chunk of its own, fetched once the page
// is hydrated, so the story page's own JavaScript does not carry it.
import { paragraphId } from "./shelves";

/** Quiet time before a position is sent while reading: one request per pause, not per scroll event. */
export const POSITION_SAVE_DEBOUNCE_MS = 2000;
/** A paragraph is the reader's place once its top passes this fraction of the viewport. */
const READING_LINE = 0.4;

/** The paragraph at the reader's reading line (the last one whose top is above it). */
function currentParagraph(count: number): number {
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
  if (atBottom) return count - 1;
  const line = window.innerHeight * READING_LINE;
  let current = 0;
  for (let i = 0; i < count; i++) {
    const element = document.getElementById(paragraphId(i));
    if (!element) break;
    if (element.getBoundingClientRect().top <= line) current = i;
    else break;
  }
  return current;
}

type Watch = {
  slug: string;
  /** The story's paragraphs. */
  count: number;
  /** The position the page was opened with. */
  saved: number | null;
  token: string;
  /** Who the page was built for (the API refuses another reader's position). */
  reader: string;
};

/** Saves the position as the reader scrolls; returns the stop (which sends what is pending). */
export function watchPosition({ slug, count, saved, token, reader }: Watch): () => void {
  const current = { sent: saved, pending: null as number | null, timer: 0 as ReturnType<typeof setTimeout> | 0 };
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
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
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
    current.pending = currentParagraph(count);
    if (current.timer) clearTimeout(current.timer);
    current.timer = setTimeout(send, POSITION_SAVE_DEBOUNCE_MS);
  };
  const onHide = () => {
    if (document.visibilityState === "hidden") send();
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("pagehide", send);
  document.addEventListener("visibilitychange", onHide);
  // A reader who scrolled before this chunk came in: their place counts as a scroll.
  if (window.scrollY > 0) onScroll();
  return () => {
    send();
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("pagehide", send);
    document.removeEventListener("visibilitychange", onHide);
  };
}

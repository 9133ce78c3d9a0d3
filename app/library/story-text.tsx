// A story's text, block by block, each with its anchor (#p-N). For a
// signed-in reader the whole text sits in one form whose small "I stopped
// here" buttons (one after each paragraph) and "I finished" button at the end
// save the position without JavaScript; with JavaScript the position is also
// saved as they read (./position-while-reading.client.ts, a chunk fetched once
// the page is hydrated: the story page's own JavaScript does not carry it).
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { showToast } from "~/toasts/toast-store";
import { submitInPlace } from "~/utils/forms";
import { paragraphId } from "./shelves";

export const POSITION_FORM_PATH = "/reading-position";

function Blocks({ blocks, after }: { blocks: string[]; after?: (index: number) => React.ReactNode }) {
  return (
    <>
      {blocks.map((html, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity besides their place
        <div key={index} id={paragraphId(index)} className="story-block">
          {/* Sanitised on the server with an allow-list (app/content/html.server.ts); dir="auto": */}
          {/* each block reads in its own script's direction (a story in Arabic or Hebrew). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML */}
          <div dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
          {after?.(index)}
        </div>
      ))}
    </>
  );
}

/** The text as every anonymous reader gets it (the page stays the same for all of them, so it can be cached). */
export function StoryText({ blocks }: { blocks: string[] }) {
  return (
    <div className="prose-story mt-8">
      <Blocks blocks={blocks} />
    </div>
  );
}

type PositionReply = { result?: { percent: number; finished: boolean; firstFinish?: boolean } };

/**
 * The text of a signed-in reader: the position forms, and with JavaScript the position saved while
 * reading. `reader` is who the page was built for: a position the page sends after the session
 * changed behind it (a sign-in through the API, another tab) names them, and the API refuses it
 * rather than file the story in the next reader's library.
 */
export function TrackedStoryText({
  blocks,
  slug,
  saved,
  reader,
  path,
}: {
  blocks: string[];
  slug: string;
  saved: number | null;
  reader: string;
  /** The story's own page (/story/{slug} or /community-story/{slug}): without JavaScript the forms come back to it. */
  path: string;
}) {
  const fetcher = useFetcher<PositionReply>();
  const last = blocks.length - 1;
  useSavePositionWhileReading(slug, blocks.length, saved, reader);

  const result = fetcher.data?.result;
  useEffect(() => {
    if (!result) return;
    showToast({
      title: result.finished ? "Finished: well done" : `Place saved: ${result.percent}% read`,
      variant: "success",
    });
    // The shell (app/shell/shell.tsx) drops the confetti: a window event keeps its code out of this chunk.
    if (result.firstFinish) window.dispatchEvent(new Event("hs:celebrate"));
  }, [result]);

  return (
    <fetcher.Form
      method="post"
      action={POSITION_FORM_PATH}
      onSubmit={submitInPlace(fetcher, POSITION_FORM_PATH)}
      className="prose-story mt-8"
      aria-label="Story text"
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="redirectTo" value={path} />
      <Blocks
        blocks={blocks}
        after={(index) => {
          // The place saved shows where it is: the toast that says so stands at the top of a
          // phone's page, out of sight of a reader far down the story.
          const label = index === saved ? "Your place" : "I stopped here";
          return index < last ? (
            <button
              type="submit"
              name="paragraph"
              value={index}
              className="stop-here"
              data-saved={index === saved || undefined}
              aria-label={`${label} (paragraph ${index + 1} of ${blocks.length})`}
            >
              {label}
            </button>
          ) : null;
        }}
      />
      {last >= 0 ? (
        <p className="mt-8 text-center font-sans">
          <button type="submit" name="paragraph" value={last} className="btn">
            I finished this story
          </button>
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function useSavePositionWhileReading(slug: string, count: number, saved: number | null, reader: string) {
  // Read when sent, not watched: both change after every form (a new token, the place just saved),
  // and a new watch would take where the page is scrolled to for the reader's place.
  const latestToken = useAuthenticityToken();
  const token = useRef(latestToken);
  token.current = latestToken;
  const opened = useRef(saved);
  useEffect(() => {
    if (count === 0) return;
    let stop = () => {};
    let live = true;
    import("./position-while-reading.client").then(
      (m) => {
        if (live) stop = m.watchPosition({ slug, count, saved: opened.current, token: () => token.current, reader });
      },
      () => {
        // Offline (a kept page): there is no server to save to; the forms still work once online.
      },
    );
    return () => {
      live = false;
      stop();
    };
  }, [slug, count, reader]);
}

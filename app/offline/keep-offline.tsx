// "Keep for reading offline" for an anonymous reader (docs/decisions/042), in a
// chunk of its own with the worker's registration: the story page loads it
// once hydrated (one import), so the page's own JavaScript does not grow; the
// button shows only where a service worker can run.
import { useEffect, useState } from "react";
import { CACHES, smallImage } from "./offline";
import { keepStoryOffline } from "./register.client";

export { startWhenReaderIsReady } from "./register.client";

/** Whether this browser can keep a story: a service worker and its caches. */
export const canKeep = () => "serviceWorker" in navigator && "caches" in window;

/** The story as its page has it: its canonical path, title and the sources of its image. */
export type KeepProps = { path: string; title: string; sources: { type: string; srcSet: string }[] };

type KeepState = "checking" | "ready" | "busy" | "kept" | "failed";

export default function KeepOffline({ path, title, sources }: KeepProps) {
  const [state, setState] = useState<KeepState>("checking");
  useEffect(() => {
    caches
      .open(CACHES.kept)
      .then((cache) => cache.match(path))
      .then(
        (hit) => setState(hit ? "kept" : "ready"),
        () => setState("ready"),
      );
  }, [path]);
  const keep = async () => {
    setState("busy");
    const kept = await keepStoryOffline({ url: path, title, image: smallImage(sources) });
    setState(kept ? "kept" : "failed");
  };
  return (
    <div className="mt-3">
      {state === "kept" || state === "checking" ? null : (
        <button type="button" className="btn" disabled={state === "busy"} onClick={() => void keep()}>
          Keep for reading offline
        </button>
      )}
      <p role="status" className="mt-1 text-sm text-muted">
        {state === "kept" ? "Kept for reading offline on this device." : null}
        {state === "failed" ? "It could not be kept. Try again while you have a signal." : null}
      </p>
    </div>
  );
}

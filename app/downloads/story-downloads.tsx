// The story page's Download control (docs/decisions/042): plain links, so they
// work without JavaScript; and, for an anonymous reader where a service worker
// can run, a button that keeps the story for reading offline (a signed-in
// reader's saved stories are kept without asking). The offline code (the
// worker's registration and that button) is one lazy chunk fetched once the
// page is hydrated, so the page's own JavaScript carries only its import.
import { type ComponentType, useEffect, useState } from "react";
import type { KeepProps } from "~/offline/keep-offline";
import { inOwnTask } from "~/shell/idle";
import { downloadPath } from "./formats";

export function StoryDownloads({ path, keep }: { path: string; keep: KeepProps | null }) {
  const [Keep, setKeep] = useState<ComponentType<KeepProps> | null>(null);
  const anonymous = keep !== null;
  // In a task of its own: not in hydration's, which runs every mount effect of the page (~/shell/idle).
  useEffect(
    () =>
      inOwnTask(() => {
        void import("~/offline/keep-offline").then((m) => {
          m.startWhenReaderIsReady();
          if (anonymous && m.canKeep()) setKeep(() => m.default);
        });
      }),
    [anonymous],
  );
  return (
    <section aria-labelledby="story-downloads" className="mt-12 border-t border-line pt-6">
      <h2 id="story-downloads" className="font-serif text-xl font-bold">
        Read it without a signal
      </h2>
      <ul className="mt-2 flex flex-wrap gap-4">
        <li>
          <a href={downloadPath(path, "epub")} download>
            Download EPUB
          </a>
        </li>
        <li>
          <a href={downloadPath(path, "html")} download>
            Download HTML
          </a>
        </li>
      </ul>
      {Keep && keep ? <Keep {...keep} /> : null}
    </section>
  );
}

import type { Connection } from "~/utils/connection";
import type { MotionConditions } from "./shell-rules";

/** What the browser and the reader's settings say about motion now (the rules are in ./shell-rules.ts). */
export function motionConditions(): MotionConditions {
  return {
    connection: (navigator as Navigator & { connection?: Connection }).connection,
    prefersReducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    reducedMotionSetting: document.documentElement.dataset.motion === "reduce",
  };
}

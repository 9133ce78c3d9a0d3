/** The window event that asks for confetti (a first finished story; app/library/story-text.tsx). */
export const CELEBRATE_EVENT = "hs:celebrate";

/** Confetti, on demand: its module and styles load only when there is something to celebrate. */
export function celebrateLater(): Promise<number> {
  return import("./confetti").then((module) => module.celebrate()).catch(() => 0);
}

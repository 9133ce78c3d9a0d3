// Confetti (spec §2 Miscellaneous UI: 18 particles in 4 colours) on a reader's
// first finished story and on a story's approval. Loaded on demand (import())
// by the few places that celebrate; never with reduced motion.
import "./shell.css";

/** Spec §2 Miscellaneous UI: 18 particles in 4 colours (blood, candle flame, bruise, deep water). */
export const CONFETTI_PARTICLES = 18;
export const CONFETTI_COLOURS = ["#b91c1c", "#f59e0b", "#7c3aed", "#0e7490"] as const;
const LIFETIME_MS = 2600;

export function reducedMotionWanted(): boolean {
  return (
    window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
    document.documentElement.dataset.motion === "reduce"
  );
}

/** Drops the confetti; returns how many particles it made (0 with reduced motion). */
export function celebrate(random: () => number = Math.random): number {
  if (reducedMotionWanted()) return 0;
  const layer = document.createElement("div");
  layer.className = "hs-confetti-layer";
  layer.setAttribute("aria-hidden", "true");
  for (let i = 0; i < CONFETTI_PARTICLES; i++) {
    const particle = document.createElement("span");
    particle.className = "hs-confetti";
    // CSSOM, not a style attribute: allowed by the CSP whatever its style-src.
    particle.style.left = `${Math.round(5 + random() * 90)}vw`;
    particle.style.background = CONFETTI_COLOURS[i % CONFETTI_COLOURS.length] as string;
    particle.style.animationDelay = `${Math.round(random() * 300)}ms`;
    particle.style.setProperty("--hs-fall", `${(1.4 + random() * 0.8).toFixed(2)}s`);
    particle.style.setProperty("--hs-drift", `${Math.round((random() - 0.5) * 160)}px`);
    particle.style.setProperty("--hs-turn", `${Math.round(360 + random() * 540)}deg`);
    layer.append(particle);
  }
  document.body.append(layer);
  setTimeout(() => layer.remove(), LIFETIME_MS);
  return CONFETTI_PARTICLES;
}

// Where a box that floats beside its control goes (a tooltip, the quick settings): in the top
// layer (a popover), under the control, or above it when the screen has more room there; within
// the screen's width, EDGE_PX from its edges; never taller than the room on its side (it scrolls
// inside). One rule for both, in the site layer, in place of Radix UI's positioning engine
// (docs/decisions/052).

/** The least room kept between a floating box and the screen's edges. */
export const EDGE_PX = 8;

/** Places `box` (shown, position fixed) beside `anchor`: centred under it, or from its start. */
export function placeBeside(
  anchor: Element,
  box: HTMLElement,
  { gap, align }: { gap: number; align: "center" | "start" },
) {
  const control = anchor.getBoundingClientRect();
  const room = {
    below: window.innerHeight - control.bottom - gap - EDGE_PX,
    above: control.top - gap - EDGE_PX,
  };
  Object.assign(box.style, { position: "fixed", inset: "auto", margin: "0", maxHeight: "" });
  const { width, height } = box.getBoundingClientRect();
  const below = height <= room.below || room.below >= room.above;
  const tall = Math.min(height, Math.max(below ? room.below : room.above, 0));
  const start = align === "start" ? control.left : control.left + control.width / 2 - width / 2;
  Object.assign(box.style, {
    maxHeight: `${Math.max(below ? room.below : room.above, 0)}px`,
    top: `${Math.max(below ? control.bottom + gap : control.top - gap - tall, EDGE_PX)}px`,
    left: `${Math.max(Math.min(start, window.innerWidth - EDGE_PX - width), EDGE_PX)}px`,
  });
}

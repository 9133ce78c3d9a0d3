// The site's tooltips (spec §2 "Tooltip states: closed, delayed-open, instant-open"; §9: 700 ms
// delay, 0 in the sidebar, 300 ms skip delay). Our own, not Radix UI's: Radix's tooltip brought its
// positioning engine (Floating UI), dismissable layer, portal and presence into the site layer,
// about 17 KB brotli of every page's JavaScript for five labels under icon buttons
// (docs/decisions/052). Its few rules arrive with the first tooltip that opens (a hoisted,
// deduplicated <style>), never as a stylesheet request on the reading path.
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { placeBeside } from "./place-floating";
import tooltipCss from "./tooltip.css?inline";

/** Spec §9 Tooltip: 700 ms delay (0 in the sidebar), 300 ms skip delay. */
export const TOOLTIP_DELAY_MS = 700;
export const SIDEBAR_TOOLTIP_DELAY_MS = 0;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Between the control and its tooltip. */
const GAP_PX = 6;

type State = "closed" | "delayed-open" | "instant-open";

/** When a tooltip last closed: another opened within the skip delay opens at once. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

type TriggerProps = {
  ref?: unknown;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A tooltip on a control that already has its accessible name: what a mouse rests on, or the
 * keyboard reaches, is named under it (never on touch, where there is no hover and a tap acts).
 * The control's `data-state` says which state it is in, from the server's HTML on. The tooltip is a
 * manual popover, so it stands above everything, the menu sheet's own top layer included, and
 * nothing of the page moves: it goes on Escape, a press, a scroll, or when pointer or focus leaves.
 */
export function Tooltip({
  label,
  delay = TOOLTIP_DELAY_MS,
  children,
}: {
  label: string;
  delay?: number;
  children: ReactElement<TriggerProps>;
}) {
  const [state, setState] = useState<State>("closed");
  const trigger = useRef<HTMLElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  const open = (instant: boolean) => {
    clearTimeout(timer.current);
    if (instant || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setState("instant-open");
    else timer.current = setTimeout(() => setState("delayed-open"), delay);
  };
  const close = () => {
    clearTimeout(timer.current);
    setState((current) => {
      if (current !== "closed") lastClosedAt = performance.now();
      return "closed";
    });
  };

  // Shown in the top layer, then placed under the control (./place-floating.ts). Focus handed back as another popover closes (the menu sheet on
  // Escape) arrives inside that popover's own operation, when the browser refuses to show another:
  // then a frame later. A tooltip never breaks the page it names a control of.
  useLayoutEffect(() => {
    const element = tip.current;
    const anchor = trigger.current;
    if (state === "closed" || !element || !anchor) return;
    const show = () => {
      if (!element.isConnected) return;
      if (!element.matches(":popover-open")) element.showPopover();
      placeBeside(anchor, element, { gap: GAP_PX, align: "center" });
    };
    try {
      show();
    } catch {
      const frame = requestAnimationFrame(() => {
        try {
          show();
        } catch {
          // Not shown: the control keeps its own name.
        }
      });
      return () => cancelAnimationFrame(frame);
    }
  }, [state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close reads only refs and the state setter
  useEffect(() => {
    if (state === "closed") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    window.addEventListener("scroll", close, { capture: true, passive: true });
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", close, { capture: true });
    };
  }, [state]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const own = children.props;
  const control = cloneElement(children, {
    ref: trigger,
    "data-state": state,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== "touch") open(false);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      close();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // The keyboard's focus only: a press, or focus handed back after a sheet closes, names nothing.
      if (event.currentTarget.matches(":focus-visible")) open(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      close();
    },
  } as TriggerProps);

  return (
    <>
      {control}
      {state === "closed" ? null : (
        <div ref={tip} id={id} role="tooltip" popover="manual" className="hs-tooltip" data-state={state}>
          <style href="hs-tooltip" precedence="low">
            {tooltipCss}
          </style>
          {label}
        </div>
      )}
    </>
  );
}

import { type ReactElement, useEffect, useState } from "react";
import { afterLoadWhenIdle } from "~/shell/idle";

/** Spec §9 Tooltip: 700 ms delay (0 in the sidebar), 300 ms skip delay. */
export const TOOLTIP_DELAY_MS = 700;
export const SIDEBAR_TOOLTIP_DELAY_MS = 0;
export const TOOLTIP_SKIP_DELAY_MS = 300;

type RadixModule = typeof import("./tooltip-radix");
let loaded: RadixModule | null = null;
let loading: Promise<RadixModule> | null = null;
const loadRadix = () => {
  loading ??= import("./tooltip-radix").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
};

/**
 * A tooltip on a control that already has its accessible name (Radix UI's
 * tooltip: closed, delayed-open, instant-open). The control renders as it is
 * until the browser is idle after the load event; only then does the tooltip's
 * code arrive, so it costs the first load nothing.
 */
export function Tooltip({
  label,
  delay = TOOLTIP_DELAY_MS,
  children,
}: {
  label: string;
  delay?: number;
  children: ReactElement;
}) {
  const [radix, setRadix] = useState<RadixModule | null>(loaded);
  useEffect(() => {
    if (radix) return;
    let live = true;
    const cancel = afterLoadWhenIdle(() => {
      loadRadix().then(
        (module) => live && setRadix(module),
        () => {},
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [radix]);
  if (!radix) return children;
  return (
    <radix.RadixTooltip label={label} delay={delay} skipDelay={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </radix.RadixTooltip>
  );
}

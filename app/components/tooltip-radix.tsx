// Radix UI's tooltip, in a chunk of its own (./tooltip.tsx loads it when idle).
import "./tooltip.css";
import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";
import { TOOLTIP_SKIP_DELAY_MS } from "./tooltip";

export function RadixTooltip({ label, delay, children }: { label: string; delay: number; children: ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={delay} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="hs-tooltip" side="bottom" sideOffset={6} collisionPadding={8}>
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

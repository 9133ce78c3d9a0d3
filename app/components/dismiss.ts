// How what opens over the page closes again (issue 40; WAI-ARIA APG menu button and dialog
// patterns): Escape closes it and gives focus back to the control that opened it, a click
// outside it closes it, and so does a navigation, so nothing stays open over the next page.
// Native popovers (the quick settings, the menu sheet) close on Escape and light-dismiss; native modal
// dialogs close on Escape and give focus back, but a click on their backdrop does nothing.
import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Runs `close` after each client-side navigation (not on the first render: what opened before hydration stays). */
export function useCloseOnNavigation(close: () => void) {
  const { key } = useLocation();
  const shown = useRef(key);
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    latest.current();
  }, [key]);
}

/**
 * For a modal <dialog>'s onClick: a click on its backdrop closes it. A click on the backdrop
 * targets the dialog itself, outside its box; one on its padding targets it inside the box.
 */
export function closeOnBackdropClick(event: React.MouseEvent<HTMLDialogElement>) {
  const dialog = event.currentTarget;
  if (event.target !== dialog) return;
  const box = dialog.getBoundingClientRect();
  const inside =
    event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
  if (!inside) dialog.close();
}

/**
 * A <details> disclosure (it opens without JavaScript) that, with it, closes like a menu
 * button's menu: Escape inside it closes it and focuses its <summary>, a press outside it
 * closes it, and so does a navigation.
 */
export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [ref]);
  useCloseOnNavigation(() => {
    if (ref.current) ref.current.open = false;
  });
}

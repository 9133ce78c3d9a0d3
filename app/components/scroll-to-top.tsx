import { useEffect, useState } from "react";
import { SCROLL_TOP_THRESHOLD_PX } from "~/utils/site";
import { ArrowUpIcon } from "./icons";

/**
 * Floating "scroll to top" control once the reader is 300 px down (spec §2
 * Shell behaviour). It only exists after hydration; without JavaScript the
 * footer's plain "Back to top" anchor does the job.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  // The dock keeps its room (app.css .float-dock-buttons), so nothing moves when it shows.
  if (!visible) return null;
  return (
    <a href="#top" className="btn btn-primary ml-auto rounded-full px-3 shadow-lg" aria-label="Scroll to top">
      <ArrowUpIcon />
    </a>
  );
}

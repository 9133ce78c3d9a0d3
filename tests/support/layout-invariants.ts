// What a person sees, as invariants rather than pixels (issue 40, docs/decisions/037): the header
// is one row, nothing scrolls sideways, nothing floating covers a control or a line of the page's
// text, and the page's type and spacing survive every lazy part of it opening and closing.
// The measuring runs in the page (one `evaluate` per viewport), so the same loaded document is
// measured at every width and colour scheme: the server cannot know either.
import type { Page } from "@playwright/test";

/** The widths of issue 40, each with a screen height of that kind of device. */
export const LAYOUT_VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** One row of controls: the spec's header, at most this tall at every width (issue 40, item 2). */
export const HEADER_MAX_PX = 64;
/** The most the vertical centres of the header's items may differ on one row (two rows put 44 px between them). */
export const HEADER_ROW_SPREAD_PX = 8;

export type Covered = { floating: string; covers: string; scroll: "top" | "middle" | "bottom" };

export type LayoutMeasure = {
  /** Null on the bare error shell, which has no header. */
  headerHeight: number | null;
  /** How far apart the vertical centres of the header's visible items are: one row is a few px. */
  headerSpread: number | null;
  scrollWidth: number;
  clientWidth: number;
  /** The outermost elements past the right edge, named, when the page scrolls sideways. */
  wide: string[];
  covered: Covered[];
  /**
   * Room a floating box keeps with nothing in it: an empty element of its own, taller than a line
   * of nothing. The sidebar's column is one sticky box, so `covered`, which looks under each
   * floating box, never looked inside it: the dock at its foot kept 68 px empty for a Feedback
   * button the home page hides, which cut the sidebar's Theme buttons and took no click.
   */
  emptyRoom: Covered[];
  /**
   * Controls of the page's main content that lie past the screen's left or right edge, to be
   * reached only by scrolling a box sideways (an admin table's Unpublish on a phone), named.
   */
  outOfReach: string[];
  /** Words of a term's label (`<dt>`: a statistic's name) split over two lines ("Bookmark / s"), named. */
  splitWords: string[];
  /** Cells whose visible column name (`data-label`, shown when a list table stacks) is not their column's header. */
  mislabelled: string[];
};

/**
 * Measures the page as it is laid out now, at the top and at the bottom of the document (a
 * floating control may appear only once the reader has scrolled, like "Scroll to top"), and
 * half way down when asked, and scrolls back to the top. Runs in the page: it must not close over anything.
 */
/** What measureInPage reads in one pass; the split words are read apart (splitWordsInPage). */
type InPageMeasure = Omit<LayoutMeasure, "splitWords">;

export function measureInPage({ withApp, middle }: { withApp: boolean; middle: boolean }): Promise<InPageMeasure> {
  const frame = () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  const name = (el: Element) => {
    const label = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const id = el.id ? `#${el.id}` : "";
    return `${el.tagName.toLowerCase()}${id}${label ? ` "${label}"` : ""}`;
  };
  /** The page's own header: the banner, not a header inside an article or a dialog. */
  const header = [...document.querySelectorAll("header")].find(
    (h) => !h.closest("main, article, aside, section, nav, dialog, [role=dialog]"),
  );
  const CONTROL =
    "a[href], button, input:not([type=hidden]), select, textarea, label, summary, [role=button], [tabindex='0']";
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.visibility !== "hidden" && Number(style.opacity) > 0 && box.width > 2 && box.height > 2;
  };
  /** Every visible fixed or sticky box but the header and dialogs, outermost only. */
  const floating = () => {
    const found: Element[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const position = getComputedStyle(el).position;
      if (position !== "fixed" && position !== "sticky") continue;
      if (header && (el === header || header.contains(el) || el.contains(header))) continue;
      // A dialog stands in front on purpose until it is answered (the cookie banner, which
      // /cookie-test raises again): the disclosure spec checks that each one closes.
      if (el.closest("dialog, [role=dialog]")) continue;
      if (found.some((outer) => outer.contains(el)) || !visible(el)) continue;
      found.push(el);
    }
    return found;
  };
  /** A line of text of the element itself (not of its children) under the point. */
  const textLineAt = (el: Element, x: number, y: number) => {
    if (!el.closest("main")) return false;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !(node.textContent ?? "").trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects())
        if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return true;
    }
    return false;
  };
  /** What each floating box lies over, read with elementsFromPoint on a grid over its box. */
  const coveredNow = (scroll: Covered["scroll"]) => {
    const out = new Map<string, Covered>();
    for (const float of floating()) {
      const box = float.getBoundingClientRect();
      const left = Math.max(box.left, 0) + 1;
      const right = Math.min(box.right, window.innerWidth) - 1;
      const top = Math.max(box.top, 0) + 1;
      const bottom = Math.min(box.bottom, window.innerHeight) - 1;
      const xs: number[] = [];
      const ys: number[] = [];
      // Every 8 px on a button; a tall sticky column in about 12 steps (what lies under it is in its flow).
      const stepX = Math.max(8, (right - left) / 12);
      const stepY = Math.max(8, (bottom - top) / 12);
      for (let x = left; x < right; x += stepX) xs.push(x);
      for (let y = top; y < bottom; y += stepY) ys.push(y);
      xs.push(right);
      ys.push(bottom);
      for (const x of xs) {
        for (const y of ys) {
          const stack = document.elementsFromPoint(x, y);
          // Points where the floating box lets the pointer through (pointer-events: none) are left out.
          const at = stack.findIndex((el) => float.contains(el));
          if (at < 0) continue;
          for (const el of stack.slice(at + 1)) {
            if (float.contains(el) || el.contains(float)) continue;
            const control = el.closest(CONTROL);
            const hit = control && !control.contains(float) ? control : textLineAt(el, x, y) ? el : null;
            if (!hit) continue;
            const key = `${name(float)} ${name(hit)}`;
            if (!out.has(key)) out.set(key, { floating: name(float), covers: name(hit), scroll });
            break;
          }
        }
      }
    }
    return [...out.values()];
  };
  /** The empty elements that keep room inside each floating box (a container with no child and no text). */
  const emptyRoomNow = (scroll: Covered["scroll"]) =>
    floating().flatMap((float) =>
      [...float.querySelectorAll(":is(div, section, ul, ol, li, p, span):empty")]
        .filter((el) => el.getBoundingClientRect().height > 8 && visible(el))
        .map((el) => ({
          floating: name(float),
          covers: `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().height)} px tall`,
          scroll,
        })),
    );
  const run = async (): Promise<InPageMeasure> => {
    const root = document.scrollingElement ?? document.documentElement;
    // Reading the layout lays the page out at the new size: no frame to wait for at the top.
    window.scrollTo({ top: 0, behavior: "instant" });
    const centres = [...(header?.firstElementChild?.querySelectorAll(":scope > *, :scope > * > *") ?? [])]
      .map((item) => item.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map((box) => box.top + box.height / 2);
    const measure: InPageMeasure = {
      headerHeight: header ? Math.round(header.getBoundingClientRect().height * 10) / 10 : null,
      headerSpread: centres.length ? Math.round((Math.max(...centres) - Math.min(...centres)) * 10) / 10 : null,
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      wide: [],
      covered: coveredNow("top"),
      emptyRoom: emptyRoomNow("top"),
      outOfReach: [...(document.querySelector("main")?.querySelectorAll(CONTROL) ?? [])]
        .filter((el) => {
          // The box first: the style is read only for the few past an edge.
          const box = el.getBoundingClientRect();
          return (box.left < -1 || box.right > root.clientWidth + 1) && visible(el);
        })
        .slice(0, 3)
        .map(name),
      mislabelled: [...document.querySelectorAll("td[data-label]")].flatMap((cell) => {
        const row = cell.parentElement as HTMLTableRowElement;
        const head = cell.closest("table")?.tHead?.rows[0]?.cells[[...row.cells].indexOf(cell as HTMLTableCellElement)];
        const column = (head?.textContent ?? "").trim();
        return column === cell.getAttribute("data-label")
          ? []
          : [`"${cell.getAttribute("data-label")}" under "${column}"`];
      }),
    };
    if (root.scrollWidth > root.clientWidth) {
      // Only when it fails: what sticks out, the outermost elements past the right edge.
      const past = [...document.body.querySelectorAll("*")].filter(
        (el) => el.getBoundingClientRect().right > root.clientWidth + 1 && !el.closest("[data-scroll-x]"),
      );
      measure.wide = past
        .filter((el) => !past.includes(el.parentElement as Element))
        .slice(0, 3)
        .map(name);
    }
    if (middle && root.scrollHeight > root.clientHeight) {
      // Half way down: the only place where the "Scroll to top" control (shown past 300 px) has
      // the page's text under it rather than the room kept for it at the end.
      window.scrollTo({ top: (root.scrollHeight - root.clientHeight) / 2, behavior: "instant" });
      if (withApp) await frame();
      measure.covered.push(...coveredNow("middle"));
      measure.emptyRoom.push(...emptyRoomNow("middle"));
    }
    if (root.scrollHeight > root.clientHeight) {
      window.scrollTo({ top: root.scrollHeight, behavior: "instant" });
      // The scroll event, then the app's answer to it (the "Scroll to top" control appears).
      if (withApp) await frame();
      measure.covered.push(...coveredNow("bottom"));
      measure.emptyRoom.push(...emptyRoomNow("bottom"));
      window.scrollTo({ top: 0, behavior: "instant" });
    }
    return measure;
  };
  return run();
}

/**
 * What the issue says must hold, as failures named by where they were seen (empty when the page
 * is right). `where` names the page, role, width, scheme and JavaScript setting.
 */
export function layoutFailures(m: LayoutMeasure, where: string) {
  return {
    header: [
      ...(m.headerHeight !== null && m.headerHeight > HEADER_MAX_PX
        ? [`${where}: header ${m.headerHeight} px tall`]
        : []),
      ...(m.headerSpread !== null && m.headerSpread >= HEADER_ROW_SPREAD_PX
        ? [`${where}: header items on more than one row (centres ${m.headerSpread} px apart)`]
        : []),
    ],
    sideways:
      m.scrollWidth > m.clientWidth
        ? [`${where}: ${m.scrollWidth} px wide in ${m.clientWidth} px (${m.wide.join(" | ")})`]
        : [],
    covered: m.covered.map((c) => `${where}: ${c.floating} covers ${c.covers} (scrolled to the ${c.scroll})`),
    emptyRoom: [
      ...new Set(
        m.emptyRoom.map((c) => `${where}: ${c.floating} keeps an empty ${c.covers} (scrolled to the ${c.scroll})`),
      ),
    ],
    outOfReach: m.outOfReach.length ? [`${where}: ${m.outOfReach.join(" | ")} past the screen's edge`] : [],
    splitWords: m.splitWords.length ? [`${where}: ${m.splitWords.join(" ")} split over two lines`] : [],
    mislabelled: [...new Set(m.mislabelled)].map((cell) => `${where}: a cell labelled ${cell}`),
  };
}

export type LayoutFailures = ReturnType<typeof layoutFailures>;

/**
 * Measures the loaded page at one viewport; `withApp` when JavaScript runs in it (the app answers
 * scrolling); `middle` looks under the floating boxes half way down the page too.
 */
export async function measureLayout(
  page: Page,
  viewport: { width: number; height: number },
  withApp: boolean,
  middle = false,
) {
  await page.setViewportSize(viewport);
  const measured = await page.evaluate(measureInPage, { withApp, middle });
  const split = await page.evaluate(splitWordsInPage, "main dt");
  return { ...measured, splitWords: split.map((word) => `"${word}"`) } satisfies LayoutMeasure;
}

/**
 * The words in the elements `selector` finds that the browser split over two lines ("Bookmark / s",
 * "Notificati / ons"). In the page: the layout suite's statistics' names, the presets test's titles.
 */
export function splitWordsInPage(selector: string): string[] {
  const split: string[] = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(word[0]);
      }
    }
  }
  return split;
}

/** The type and spacing a lazy part of the page must leave as it found them (issue 40, item 1). */
export function typeAndSpacingInPage() {
  const pick = (el: Element | null | undefined) => {
    if (!el) return null;
    const s = getComputedStyle(el);
    return {
      fontSize: s.fontSize,
      fontFamily: s.fontFamily,
      lineHeight: s.lineHeight,
      margin: `${s.marginTop} ${s.marginRight} ${s.marginBottom} ${s.marginLeft}`,
      padding: `${s.paddingTop} ${s.paddingRight} ${s.paddingBottom} ${s.paddingLeft}`,
      maxWidth: s.maxWidth,
    };
  };
  const main = document.querySelector("main");
  const text = [...(main?.querySelectorAll("p") ?? [])].find((p) => (p.textContent ?? "").trim().length > 40);
  const headerLink = document.querySelector("header nav a");
  return {
    h1: pick(main?.querySelector("h1")),
    bodyText: pick(text),
    main: pick(main),
    headerLinkUnderline: headerLink ? getComputedStyle(headerLink).textDecorationLine : null,
  };
}

export const typeAndSpacing = (page: Page) => page.evaluate(typeAndSpacingInPage);

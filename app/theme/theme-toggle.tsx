import { useEffect } from "react";
import { useFetcher, useFetchers, useLocation, useRouteLoaderData } from "react-router";
import { MoonIcon, SunIcon } from "~/components/icons";
import type { loader as rootLoader } from "~/root";
import { submitInPlace } from "~/utils/forms";
import { type ColorScheme, flipTheme, isTheme, THEME_STORAGE_KEY, type Theme } from "./theme";

/** The theme being shown: the one being saved right now (optimistic), else the cookie's. */
export function useTheme(): Theme {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const pending = useFetchers()
    .find((f) => f.formAction === "/theme")
    ?.formData?.get("theme");
  return isTheme(pending) ? pending : (rootData?.theme ?? "system");
}

function ToggleButton({ target, className }: { target: ColorScheme; className?: string }) {
  const label = target === "dark" ? "Switch to dark theme" : "Switch to light theme";
  return (
    <button
      type="submit"
      name="theme"
      value={target}
      className={`btn px-2 ${className ?? ""}`}
      aria-label={label}
      title={label}
    >
      {target === "dark" ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}

/**
 * Light/dark toggle. A plain form POST to /theme that redirects back, so it
 * works without JavaScript; with JavaScript a fetcher applies it at once.
 * Under "system" the server cannot know the system scheme, so both flips are
 * rendered and CSS shows the right one (see .theme-when-dark in app.css).
 */
export function ThemeToggle() {
  const fetcher = useFetcher({ key: "theme" });
  const location = useLocation();
  const theme = useTheme();

  useEffect(() => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage can be unavailable (private mode, quota): the cookie still holds it.
    }
  }, [theme]);

  return (
    <fetcher.Form method="post" action="/theme" className="flex" onSubmit={submitInPlace(fetcher, "/theme")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {theme === "system" ? (
        <>
          <ToggleButton target={flipTheme("system", "light")} className="theme-when-light" />
          <ToggleButton target={flipTheme("system", "dark")} className="theme-when-dark" />
        </>
      ) : (
        <ToggleButton target={flipTheme(theme, "light")} />
      )}
    </fetcher.Form>
  );
}

const CHOICES: { value: Theme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
];

/** All three themes as a choice, for the sidebar's Reading & Accessibility group. */
export function ThemeChoice() {
  const fetcher = useFetcher({ key: "theme" });
  const location = useLocation();
  const theme = useTheme();
  return (
    <fetcher.Form method="post" action="/theme" onSubmit={submitInPlace(fetcher, "/theme")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <fieldset className="flex flex-wrap gap-1">
        <legend className="mb-1 text-sm text-muted">Theme</legend>
        {CHOICES.map((choice) => (
          <button
            key={choice.value}
            type="submit"
            name="theme"
            value={choice.value}
            aria-pressed={theme === choice.value}
            className={`btn px-2 py-1 text-sm ${theme === choice.value ? "btn-primary" : ""}`}
          >
            {choice.label}
          </button>
        ))}
      </fieldset>
    </fetcher.Form>
  );
}

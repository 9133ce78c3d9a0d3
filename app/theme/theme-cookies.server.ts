// Preferences the first HTML needs (theme, sidebar state) live in cookies so
// the server renders them right: no flash of the wrong theme.
import { createCookie } from "react-router";
import { secureCookies } from "~/env.server";
import { COOKIE_NAMES } from "~/utils/site";
import { isTheme, type Theme } from "./theme";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

const preferenceCookie = (name: string) =>
  createCookie(name, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secureCookies,
    maxAge: ONE_YEAR_S,
  });

const themeCookie = preferenceCookie(COOKIE_NAMES.theme);
const sidebarCookie = preferenceCookie(COOKIE_NAMES.sidebar);

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "system";
}

export function serializeTheme(theme: Theme) {
  return themeCookie.serialize(theme);
}

export type SidebarState = "expanded" | "collapsed";

export async function getSidebarState(request: Request): Promise<SidebarState> {
  const value = await sidebarCookie.parse(request.headers.get("Cookie"));
  return value === "collapsed" ? "collapsed" : "expanded";
}

export function serializeSidebarState(state: SidebarState) {
  return sidebarCookie.serialize(state);
}

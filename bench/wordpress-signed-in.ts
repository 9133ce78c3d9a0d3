// Part 8's reference (issue 42): WordPress's story page for a logged-in reader, which WordPress
// renders for every request (no page cache serves a logged-in cookie), under the same load as the
// site's signed-in pages. Needs a real WordPress (--wordpress URL) and an account on it
// (--wordpress-user name:password).
import { LOAD_HEADERS, type LoadPoint, load, loadPoint } from "./throughput.ts";

/** Logs in through wp-login.php and returns the cookies WordPress set (its logged-in cookie among them). */
export async function wordpressLogin(origin: string, user: string, password: string): Promise<string> {
  const testCookie = "wordpress_test_cookie=WP%20Cookie%20check";
  const reply = await fetch(`${origin}/wp-login.php`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: testCookie },
    body: new URLSearchParams({ log: user, pwd: password, "wp-submit": "Log In", testcookie: "1" }),
  });
  const cookies = reply.headers.getSetCookie().map((line) => line.split(";")[0] as string);
  if (!cookies.some((c) => c.startsWith("wordpress_logged_in_")))
    throw new Error(`WordPress did not log ${user} in (${reply.status}): check --wordpress-user`);
  return [testCookie, ...cookies].join("; ");
}

export async function measureWordPressSignedIn(options: {
  url: string;
  user: string;
  password: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}): Promise<{ url: string; point: LoadPoint }> {
  const origin = new URL(options.url).origin;
  const cookie = await wordpressLogin(origin, options.user, options.password);
  const check = await fetch(options.url, { headers: { cookie } });
  // WordPress's admin bar shows only to a logged-in reader: the page measured is theirs.
  if (check.status !== 200 || !(await check.text()).includes("wpadminbar"))
    throw new Error(`${options.url} is not WordPress's logged-in page (${check.status})`);
  const headers = { ...LOAD_HEADERS, cookie };
  await load(options.url, 4, options.warmupSeconds, headers);
  const run = await load(options.url, options.connections, options.durationSeconds, headers);
  return { url: options.url, point: loadPoint([run]) };
}

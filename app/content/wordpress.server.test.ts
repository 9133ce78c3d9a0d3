// One remote source against the WordPress test server, misbehaving on purpose.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SLUG_PATTERN } from "~/utils/slug";
import { HOSTILE_POSTS, startWordPressServer, type WordPressServer } from "../../tests/support/wordpress-server";
import { createContentChain } from "./chain.server";
import { stripControlCharacters } from "./html.server";
import {
  fetchRemoteImage,
  fetchRemotePosts,
  isSourceImageUrl,
  MAX_BODY_BYTES,
  SourceFailure,
  wordpressSources,
} from "./wordpress.server";

let wp: WordPressServer;
/** Where "redirect" mode sends wp's requests in the test of another origin. */
let elsewhere: WordPressServer;
let offsite: WordPressServer;

beforeAll(async () => {
  wp = await startWordPressServer({ port: 0 });
  elsewhere = await startWordPressServer({ port: 0 });
  offsite = await startWordPressServer({ port: 0, mode: "redirect", redirectTo: elsewhere.origin });
});
afterAll(async () => {
  await Promise.all([wp.close(), elsewhere.close(), offsite.close()]);
});
beforeEach(() => wp.setMode("healthy"));

const source = (server: WordPressServer = wp) => {
  const [only] = wordpressSources({ wpcomApiBase: "", wpUrl: server.wpUrl });
  if (!only) throw new Error("no source");
  return only;
};

describe("redirects", () => {
  it("are followed within the source's origin", async () => {
    wp.setMode("redirect");
    const result = await fetchRemotePosts(source(), { perPage: 10 }, 5000);
    expect(result.posts).toHaveLength(10);
    expect(wp.requests.some((r) => r.startsWith("GET /moved/wp-json/wp/v2/posts?"))).toBe(true);
  });

  it("to another origin fail the source, and the other origin is never asked", async () => {
    const failure = await fetchRemotePosts(source(offsite), { perPage: 10 }, 5000).catch((error) => error);
    expect(failure).toBeInstanceOf(SourceFailure);
    expect(failure.message).toMatch(/another origin/);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe("response bodies", () => {
  it.each(["huge-body", "endless-body"] as const)("%s: fails the source once it passes the cap", async (mode) => {
    wp.setMode(mode);
    // A timeout far longer than the test: the cap, not the clock, ends the download.
    const failure = await fetchRemotePosts(source(), { perPage: 10 }, 60_000).catch((error) => error);
    expect(failure).toBeInstanceOf(SourceFailure);
    expect(failure).toMatchObject({ type: "parse", status: 200 });
    expect(failure.message).toBe(
      `The content source's answer (HTTP 200 OK) was over ${MAX_BODY_BYTES} bytes, more than the 5 MB a page of posts may weigh.`,
    );
  });

  it("a body that starts and never ends within the time limit is a parse failure, with the bytes received", async () => {
    // Answers at once, sends "[", then nothing: reachable, in time, but no whole document.
    const stalled = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write("[ ");
    });
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
    const { port } = stalled.address() as AddressInfo;
    try {
      const [stalledSource] = wordpressSources({ wpcomApiBase: "", wpUrl: `http://127.0.0.1:${port}` });
      if (!stalledSource) throw new Error("no source");
      const failure = await fetchRemotePosts(stalledSource, { perPage: 10 }, 300).catch((error) => error);
      expect(failure).toMatchObject({ type: "parse", status: 200 });
      expect(failure.message).toBe(
        "The content source answered (HTTP 200 OK) but its body did not end within 0.3 s: 2 bytes received, expected a whole JSON document.",
      );
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  it("the chain moves on to its copies when the remote's body is too large", async () => {
    wp.setMode("huge-body");
    const chain = createContentChain({ sources: [source()], timeoutMs: 60_000 });
    const page = await chain.listStories();
    expect(page.source).not.toBe("wp");
  });
});

describe("lists", () => {
  it("are cut to the page size asked for, whatever the remote sends", async () => {
    wp.setMode("oversized-page");
    const result = await fetchRemotePosts(source(), { perPage: 10 }, 5000);
    expect(result.posts).toHaveLength(10);
    const page = await createContentChain({ sources: [source()], timeoutMs: 5000 }).listStories({ page: 2 });
    expect(page.source).toBe("wp");
    expect(page.stories).toHaveLength(10);
  });

  it("turn items whose slug is not a slug into the default post, whose card has no page", async () => {
    wp.setMode("hostile");
    const page = await createContentChain({ sources: [source()], timeoutMs: 5000 }).listStories();
    const hostile = HOSTILE_POSTS.filter((change) => change.slug).length;
    expect(page.stories.filter((story) => story.placeholder)).toHaveLength(hostile);
    for (const story of page.stories) {
      expect(story.slug).toMatch(SLUG_PATTERN);
      expect(story.title).not.toMatch(/[<>]/);
      expect(stripControlCharacters(story.title)).toBe(story.title);
    }
    expect(page.stories.map((s) => s.title)).toContain("The Bold Title");
  });
});

describe("featured images (no SSRF through a media item, docs/decisions/027)", () => {
  it("take the largest copy on the source's own origin", async () => {
    const image = await fetchRemoteImage(source(), 9);
    expect(image).toEqual({
      alt: "Procedurally drawn cover: Blue hour",
      src: `${wp.origin}/wp-content/uploads/2024/09/nightfall-cover-5.png`,
      width: 1200,
      height: 675,
    });
  });

  it("never accept an image URL on another origin, a private address or another scheme", () => {
    const wpSource = source();
    expect(isSourceImageUrl(wpSource, `${wp.origin}/wp-content/uploads/a.png`)).toBe(true);
    for (const bad of [
      "http://169.254.169.254/latest/meta-data/a.png",
      "http://127.0.0.1:1/a.png",
      `${elsewhere.origin}/a.png`,
      "file:///etc/passwd",
      "javascript:alert(1)",
      `http://user:pass@${new URL(wp.origin).host}/a.png`,
      "/wp-content/uploads/a.png",
    ]) {
      expect(isSourceImageUrl(wpSource, bad), bad).toBe(false);
    }
    const [wpcom] = wordpressSources({
      wpcomApiBase: "https://public-api.wordpress.com",
      wpcomSite: "x.wordpress.com",
    });
    if (!wpcom) throw new Error("no source");
    expect(isSourceImageUrl(wpcom, "https://x.files.wordpress.com/2024/09/a.png")).toBe(true);
    expect(isSourceImageUrl(wpcom, "https://i0.wp.com/x.files.wordpress.com/a.png")).toBe(true);
    expect(isSourceImageUrl(wpcom, "http://i0.wp.com/a.png")).toBe(false);
    expect(isSourceImageUrl(wpcom, "https://wordpress.com.evil.example/a.png")).toBe(false);
  });
});

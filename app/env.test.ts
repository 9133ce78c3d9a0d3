import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("fills development defaults", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./prisma/data/dev.db");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.WP_URL).toBeUndefined();
  });

  it("accepts good values and treats empty sources as skipped", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      DATABASE_URL: "file:/data/horror.db",
      SITE_URL: "https://horror.example",
      SESSION_SECRET: "a".repeat(32),
      WP_URL: "",
      WPCOM_SITE: "",
    });
    expect(env.PORT).toBe(8080);
    expect(env.WP_URL).toBeUndefined();
    expect(env.WPCOM_SITE).toBeUndefined();
  });

  it("splits SESSION_SECRET into its rotation list, each secret trimmed", () => {
    const env = parseEnv({ SESSION_SECRET: ` ${"n".repeat(32)} , ${"o".repeat(40)}` });
    expect(env.SESSION_SECRET).toEqual(["n".repeat(32), "o".repeat(40)]);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "postgres://x" }, "DATABASE_URL"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ WP_URL: "ftp://blog.example" }, "WP_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    // Every secret of the rotation list counts, not only the whole string.
    [{ SESSION_SECRET: `${"a".repeat(32)},short` }, "SESSION_SECRET"],
    [{ SESSION_SECRET: `short,${"a".repeat(32)}` }, "SESSION_SECRET"],
    [{ SESSION_SECRET: `${"a".repeat(32)},,${"b".repeat(32)}` }, "SESSION_SECRET"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production", SESSION_SECRET: "" }, "SESSION_SECRET"],
    [{ WPCOM_SITE: "not a site/" }, "WPCOM_SITE"],
  ])("rejects %j naming %s", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment configuration:\\n[\\s\\S]*${variable}`));
  });
});

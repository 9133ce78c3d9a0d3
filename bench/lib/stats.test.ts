import { describe, expect, it } from "vitest";
import { pickEncoding } from "./reference-server.ts";
import { bytesBy, median, percentile, ratio, target, verdict } from "./stats.ts";

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 200 }, (_, i) => 200 - i); // 200 … 1, unsorted order
    expect(percentile(values, 50)).toBe(100);
    expect(percentile(values, 95)).toBe(190);
    expect(percentile(values, 100)).toBe(200);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
  });

  it("is NaN without values and refuses a percentile out of range", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe("median", () => {
  it("is the middle value, or the mean of the two middle values", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe("ratio and verdicts", () => {
  it("is NaN when the reference is missing", () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(3, 0)).toBeNaN();
    expect(ratio(Number.NaN, 2)).toBeNaN();
  });

  it("meets a limit on the right side, the limit itself included", () => {
    expect(verdict(1.2, "at most", 1.2)).toBe(true);
    expect(verdict(1.21, "at most", 1.2)).toBe(false);
    expect(verdict(0.5, "at least", 0.5)).toBe(true);
    expect(verdict(0.49, "at least", 0.5)).toBe(false);
  });

  it("never meets a target that could not be measured", () => {
    expect(verdict(Number.NaN, "at most", 1.2)).toBe(false);
    expect(target("x", "x", Number.NaN, "at least", 0.5, "×").met).toBe(false);
  });
});

describe("bytesBy", () => {
  const response = {
    responseAt: 10,
    headerBytes: 400,
    encodedBodyBytes: 1_000,
    chunks: [
      { at: 11, decodedBytes: 3_000 },
      { at: 12, decodedBytes: 1_000 },
    ],
    finishedAt: 12,
  };

  it("counts nothing before the response and everything once it finished", () => {
    expect(bytesBy(9, response)).toBe(0);
    expect(bytesBy(12, response)).toBe(1_400);
  });

  it("counts the headers, then the body in proportion to the decoded bytes so far", () => {
    expect(bytesBy(10, response)).toBe(400);
    expect(bytesBy(11.5, response)).toBe(400 + 750);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, as compression() does", () => {
    expect(pickEncoding("gzip, deflate, br, zstd", ["br", "gzip", "identity"])).toBe("br");
    expect(pickEncoding("gzip, deflate", ["br", "gzip", "identity"])).toBe("gzip");
    expect(pickEncoding("br;q=1.0, gzip;q=0.8", ["gzip", "identity"])).toBe("gzip");
    expect(pickEncoding(undefined, ["br", "gzip", "identity"])).toBe("identity");
  });
});

// EPUBCheck, the W3C's EPUB conformance checker, as Debian packages it (the
// `epubcheck` package: a jar run with Java, which the HTML check already needs).
// The download tests put every EPUB the site makes through it; like
// scripts/ensure-chromium.ts, it is installed when missing on a Debian machine we
// may change, and elsewhere EPUBCHECK_JAR names the jar.
import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const DEBIAN_JAR = "/usr/share/java/epubcheck.jar";
const jar = () => process.env.EPUBCHECK_JAR ?? DEBIAN_JAR;
const java = () => (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java");

/** Installs Debian's epubcheck when it is missing and this is a Debian machine we may change; else throws. */
export function ensureEpubcheck() {
  if (existsSync(jar())) return;
  const canInstall = !process.env.EPUBCHECK_JAR && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    throw new Error(
      `EPUBCheck is missing at ${jar()}. Debian: apt-get install epubcheck; elsewhere set EPUBCHECK_JAR to epubcheck.jar.`,
    );
  }
  // dpkg's lock may be held by the system or another suite: apt waits for it up to 5 minutes.
  const apt = (args: string[]) =>
    execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=300", ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", "--no-install-recommends", "epubcheck"]);
}

export type EpubcheckMessage = { severity: string; ID: string; message: string; locations: { path: string }[] };

export type EpubReport = {
  /** Every message but usage notes (INFO, USAGE): an empty list is a clean book. */
  messages: string[];
  publication: {
    title: string;
    creator: string[];
    subject: string[];
    language: string;
    publisher: string;
    isScripted: boolean;
  };
  items: { id: string; fileName: string; media_type: string; isSpineItem: boolean }[];
};

/** EPUBCheck's report on the file. */
export async function epubcheck(file: string): Promise<EpubReport> {
  ensureEpubcheck();
  const reportFile = `${file}.epubcheck.json`;
  // The exit code is 1 when there are errors: the report, not the code, says which. The client
  // compiler only, as for the HTML check (docs/decisions/026): a check runs for seconds.
  await promisify(execFile)(java(), ["-XX:TieredStopAtLevel=1", "-jar", jar(), "--json", reportFile, file]).catch(
    () => {},
  );
  const report = JSON.parse(await readFile(reportFile, "utf8")) as Omit<EpubReport, "messages"> & {
    messages: EpubcheckMessage[];
  };
  return {
    ...report,
    messages: report.messages
      .filter((m) => !["INFO", "USAGE", "SUPPRESSED"].includes(m.severity))
      .map((m) => `${m.severity} ${m.ID} ${m.locations.map((l) => l.path).join(", ")}: ${m.message}`),
  };
}

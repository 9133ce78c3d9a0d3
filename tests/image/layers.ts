// What the image carries besides the app: nothing of the build's npm settings, its CA bundle or a
// secret, in any layer (a file deleted by a later layer still ships in the earlier one), in the
// history a `docker history` shows, or in the configuration a `docker inspect` shows.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { check } from "./checks.ts";
import { podman } from "./podman.ts";

/** Host paths mounted into the build (`--volume <host>:<container>:ro`). */
function mountedFiles(buildMounts: string[]) {
  return buildMounts
    .filter((_, index) => buildMounts[index - 1] === "--volume")
    .map((spec) => {
      const [host = "", inside = ""] = spec.split(":");
      return { host, inside: inside.replace(/^\//, "") };
    });
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

export function inspectLayers(image: string, work: string, buildMounts: string[]): string {
  const archive = path.join(work, "image.tar");
  podman(["save", "--format", "docker-archive", "-o", archive, image]);
  const manifest = JSON.parse(execFileSync("tar", ["-xOf", archive, "manifest.json"], { encoding: "utf8" })) as {
    Layers: string[];
  }[];
  const layers = manifest[0]?.Layers ?? [];
  const mounted = mountedFiles(buildMounts);
  const contents = mounted.map((m) => ({ ...m, size: statSync(m.host).size, hash: sha256(readFileSync(m.host)) }));
  let files = 0;
  for (const layer of layers) {
    const listing = execFileSync("sh", ["-c", `tar -xOf "$1" "$2" | tar -tv --numeric-owner`, "sh", archive, layer], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    })
      .split("\n")
      .filter(Boolean);
    files += listing.length;
    for (const line of listing) {
      // "-rw-r--r-- 0/0 1234 2026-11-29 05:50 ./etc/passwd"
      const [, sizeText = "0", name = ""] = line.match(/^\S+\s+\S+\s+(\d+)\s+\S+\s+\S+\s+(.*?)(?: -> .*)?$/) ?? [];
      const file = name.replace(/^\.\//, "");
      check(!/(^|\/)(\.wh\.)?\.npmrc$/.test(file), `layer ${layer} holds ${file}`);
      check(!/^root\/\.npm(\/|$)/.test(file), `layer ${layer} holds npm's cache (${file})`);
      for (const m of contents) {
        check(file !== m.inside, `layer ${layer} holds the build's mount point ${file}`);
        if (Number(sizeText) !== m.size || !line.startsWith("-")) continue;
        const data = execFileSync("sh", ["-c", `tar -xOf "$1" "$2" | tar -xO "$3"`, "sh", archive, layer, name], {
          maxBuffer: 64 * 1024 * 1024,
        });
        check(sha256(data) !== m.hash, `layer ${layer}'s ${file} is a copy of the build's ${m.host}`);
      }
    }
  }
  const history = podman(["history", "--no-trunc", "--format", "{{.CreatedBy}}", image]).stdout;
  for (const word of ["npmrc", "npm-build-ca", "SESSION_SECRET", "registry", "_authToken"])
    check(!history.includes(word), `the image's history mentions ${word}`);
  // podman shows the Docker format's HEALTHCHECK beside Config, not in it.
  const config = JSON.parse(podman(["image", "inspect", image]).stdout)[0] as {
    Config: { Env?: string[]; User?: string };
    Healthcheck?: { Test?: string[] };
  };
  for (const variable of config.Config.Env ?? [])
    check(
      !/^(npm_config_|NPM_CONFIG_|NODE_EXTRA_CA_CERTS|SESSION_SECRET|ADMIN_PASSWORD)/i.test(variable),
      `the image sets ${variable.split("=")[0]}`,
    );
  check(config.Config.User === "node", `the image runs as "${config.Config.User}", not node`);
  check(config.Healthcheck?.Test?.length, "the image has no HEALTHCHECK (built without --format docker?)");
  return `${layers.length} layers, ${files} entries`;
}

// Podman on this kind of machine, as the image test uses it (docs/decisions/041): Debian's podman,
// buildah and runc (crun refuses the machine's cgroup layout), cgroupfs, the host's network, and
// limits no higher than the machine's own. The settings live in a file of the test's own
// (CONTAINERS_CONF), so the machine's /etc/containers is left as it was.
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const PACKAGES = ["podman", "buildah", "runc", "debootstrap", "podman-compose"] as const;

/** Installs what is missing, with the dpkg-lock wait and the one retry of .ci/run. */
export function installPackages() {
  const missing = PACKAGES.filter((name) => spawnSync("sh", ["-c", `command -v ${name}`]).status !== 0);
  if (!missing.length) return;
  console.log(`installing ${missing.join(", ")} (apt-get) ...`);
  const lock = ["-o", "DPkg::Lock::Timeout=300"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const attempt of [1, 2]) {
    const update = spawnSync("apt-get", [...lock, "update", "-qq"], { stdio: "inherit", env });
    const install =
      update.status === 0 &&
      spawnSync("apt-get", [...lock, "install", "-y", "-qq", ...missing], {
        stdio: ["ignore", "ignore", "inherit"],
        env,
      });
    if (install && install.status === 0) return;
    if (attempt === 2) throw new Error(`apt-get could not install ${missing.join(", ")}`);
    execFileSync("sleep", ["10"]);
  }
}

/** This process's hard limit of a resource, from /proc/self/limits ("Max open files", ...). */
function hardLimit(resource: string): number {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((l) => l.startsWith(resource));
  const hard = line?.slice(resource.length).trim().split(/\s+/)[1];
  if (!hard || !/^\d+$/.test(hard)) throw new Error(`/proc/self/limits: no number for ${resource}: ${line}`);
  return Number(hard);
}

/**
 * Writes containers.conf into `dir` and points podman at it. runc sets the container's limits
 * itself and is refused any above the machine's hard ones; the process limit was refused here
 * above kernel.pid_max too (32768), though the shell's hard limit was 96365.
 */
export function configurePodman(dir: string) {
  const pidMax = Number(readFileSync("/proc/sys/kernel/pid_max", "utf8").trim());
  const nofile = hardLimit("Max open files");
  const nproc = Math.min(hardLimit("Max processes"), pidMax);
  const file = path.join(dir, "containers.conf");
  writeFileSync(
    file,
    [
      "[containers]",
      'netns = "host"',
      `default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]`,
      "[engine]",
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      "",
    ].join("\n"),
  );
  process.env.CONTAINERS_CONF = file;
}

export type Result = { status: number; stdout: string; stderr: string };

/** Runs podman to its end. */
export function podman(args: string[], options: { allowFailure?: boolean; input?: string } = {}): Result {
  const result = spawnSync("podman", args, { encoding: "utf8", input: options.input, maxBuffer: 64 * 1024 * 1024 });
  const out = { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
  if (out.status !== 0 && !options.allowFailure)
    throw new Error(`podman ${args.join(" ")} failed (${out.status}):\n${out.stderr.slice(-2000)}`);
  return out;
}

/** Runs a command with its output shown and kept, e.g. `podman build`. */
export function streamed(command: string, args: string[], cwd: string): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: string[] = [];
    const stderr: string[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      stdout.push(chunk.toString());
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr.push(chunk.toString());
      process.stderr.write(chunk);
    });
    child.on("close", (code) => resolve({ status: code ?? 1, stdout: stdout.join(""), stderr: stderr.join("") }));
  });
}

/** Bytes of an image (all its layers). */
export function imageSize(image: string): number {
  return Number(podman(["image", "inspect", "--format", "{{.Size}}", image]).stdout.trim());
}

export type ContainerOptions = {
  name: string;
  image: string;
  env: Record<string, string>;
  volume: string;
  readOnly?: boolean;
  /** More `-v` mounts (host:container[:options]). */
  mounts?: string[];
};

/** Starts a detached container (removing an old one of the same name). */
export function runContainer(options: ContainerOptions) {
  podman(["rm", "-f", "-t", "0", options.name], { allowFailure: true });
  const args = ["run", "-d", "--name", options.name, "-v", `${options.volume}:/data`];
  // The image cache (IMAGE_CACHE_DIR defaults to a folder in /tmp) on a tmpfs, as the README says.
  if (options.readOnly) args.push("--read-only", "--read-only-tmpfs=false", "--tmpfs", "/tmp");
  for (const mount of options.mounts ?? []) args.push("-v", mount);
  for (const [key, value] of Object.entries(options.env)) args.push("-e", `${key}=${value}`);
  podman([...args, options.image]);
}

export function logs(name: string): string {
  const result = podman(["logs", name], { allowFailure: true });
  return result.stdout + result.stderr;
}

/** Waits for a container to stop; its exit code. */
export function waitExit(name: string): number {
  return Number(podman(["wait", name]).stdout.trim());
}

export function exec(name: string, command: string[], allowFailure = false): Result {
  return podman(["exec", name, ...command], { allowFailure });
}

/** `podman exec` without blocking this process, whose test servers the command may call. */
export function execAsync(name: string, command: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile("podman", ["exec", name, ...command], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    );
  });
}

//! Test helpers: a temporary repository with a declaration, npm tarballs
//! built in memory, a fake `npm` program and a runner for the binary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use flate2::write::GzEncoder;
use flate2::Compression;

pub const SCOPE: &str = "@acme";

/// The result of one run of the binary.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn assert_code(&self, code: i32) -> &Run {
        assert_eq!(self.code, code, "unexpected exit code\nstdout:\n{}\nstderr:\n{}", self.stdout, self.stderr);
        self
    }
}

/// A temporary repository.
pub struct TestDir {
    dir: tempfile::TempDir,
}

impl TestDir {
    pub fn new() -> TestDir {
        TestDir { dir: tempfile::tempdir().expect("tempdir") }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn join(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn write(&self, rel: &str, bytes: impl AsRef<[u8]>) {
        let path = self.join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, bytes).expect("write");
    }

    pub fn read(&self, rel: &str) -> Vec<u8> {
        std::fs::read(self.join(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    pub fn exists(&self, rel: &str) -> bool {
        self.join(rel).exists()
    }

    /// Writes `forklayer.toml` declaring the given packages.
    pub fn declare(&self, forked: &[&str], carried: &[&str], own: &[(&str, &str, &[&str])]) {
        let list = |items: &[&str]| items.iter().map(|i| format!("\"{i}\"")).collect::<Vec<_>>().join(", ");
        let mut text = format!(
            "[layer]\nname = \"dsh-profile-self-checking\"\nscope = \"{SCOPE}\"\nbaseline = \"1.0.0\"\n\n[paths]\nupstream = \"upstream\"\nforks = \"profile/forks\"\npatches = \"patches\"\n\n[packages]\nforked = [{}]\ncarried = [{}]\n",
            list(forked),
            list(carried)
        );
        for (name, source, include) in own {
            text.push_str(&format!(
                "\n[[packages.own]]\nname = \"{name}\"\nsource = \"{source}\"\ninclude = [{}]\n",
                list(include)
            ));
        }
        self.write("forklayer.toml", text);
    }

    /// Writes a package tree under `rel`.
    pub fn write_package(&self, rel: &str, package: &NpmPackage) {
        for (path, bytes, exec) in &package.files {
            let full = format!("{rel}/{path}");
            self.write(&full, bytes);
            set_mode(&self.join(&full), *exec);
        }
    }

    /// Runs the binary in this directory.
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_env(args, &[])
    }

    pub fn run_env(&self, args: &[&str], env: &[(&str, &Path)]) -> Run {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_forklayer"));
        cmd.args(args).current_dir(self.path()).env_remove("FORKLAYER_NPM").env_remove("SOURCE_DATE_EPOCH");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("run forklayer");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs the binary and `kill -9`s it the moment its undo journal
    /// appears (it is writing): the journal's path when the kill caught it
    /// there, `None` when it finished first.
    #[cfg(unix)]
    pub fn kill_while_writing(&self, args: &[&str]) -> Option<PathBuf> {
        self.kill_while_journal_in(".", args)
    }

    /// [`TestDir::kill_while_writing`] for a command whose journal goes in
    /// `journal_dir` (relative to this directory), e.g. a project below it.
    #[cfg(unix)]
    pub fn kill_while_journal_in(&self, journal_dir: &str, args: &[&str]) -> Option<PathBuf> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_forklayer"))
            .args(args)
            .current_dir(self.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        let name = format!(".forklayer-journal-{}.tar", child.id());
        let journal = if journal_dir == "." { self.join(&name) } else { self.join(&format!("{journal_dir}/{name}")) };
        let started = std::time::Instant::now();
        while !journal.exists() && started.elapsed() < std::time::Duration::from_secs(60) {
            if child.try_wait().expect("wait").is_some() {
                break;
            }
        }
        child.kill().expect("kill -9");
        child.wait().expect("wait");
        journal.exists().then_some(journal)
    }

    /// Every file below `rel` as (relative path, bytes, executable).
    pub fn snapshot_dir(&self, rel: &str) -> Vec<(String, Vec<u8>, bool)> {
        let files = self.files_below(rel).into_iter();
        files.map(|(rel, path)| (rel, std::fs::read(&path).expect("read"), is_exec(&path))).collect()
    }

    /// Every file below `rel` as (path relative to it, full path), sorted.
    pub fn files_below(&self, rel: &str) -> Vec<(String, PathBuf)> {
        let mut out = Vec::new();
        let root = self.join(rel);
        let mut stack = vec![root.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("read_dir") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let rel = path.strip_prefix(&root).expect("prefix").to_string_lossy().replace('\\', "/");
                    out.push((rel, path));
                }
            }
        }
        out.sort();
        out
    }
}

#[cfg(unix)]
pub fn set_mode(path: &Path, exec: bool) {
    use std::os::unix::fs::PermissionsExt;
    let mode = if exec { 0o755 } else { 0o644 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[cfg(not(unix))]
pub fn set_mode(_path: &Path, _exec: bool) {}

#[cfg(unix)]
pub fn is_exec(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).expect("meta").permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
pub fn is_exec(_path: &Path) -> bool {
    false
}

/// An npm package built in memory.
#[derive(Clone)]
pub struct NpmPackage {
    pub name: String,
    pub version: String,
    pub files: Vec<(String, Vec<u8>, bool)>,
}

impl NpmPackage {
    /// A package with a `package.json` naming `@acme/<short>`.
    pub fn new(short: &str, version: &str) -> NpmPackage {
        let name = format!("{SCOPE}/{short}");
        let manifest = format!("{{\n  \"name\": \"{name}\",\n  \"version\": \"{version}\"\n}}\n");
        NpmPackage { name, version: version.into(), files: vec![("package.json".into(), manifest.into_bytes(), false)] }
    }

    pub fn file(mut self, path: &str, bytes: impl AsRef<[u8]>) -> Self {
        self.files.retain(|(p, _, _)| p != path);
        self.files.push((path.into(), bytes.as_ref().to_vec(), false));
        self
    }

    pub fn exec(mut self, path: &str, bytes: impl AsRef<[u8]>) -> Self {
        self.files.retain(|(p, _, _)| p != path);
        self.files.push((path.into(), bytes.as_ref().to_vec(), true));
        self
    }

    pub fn without(mut self, path: &str) -> Self {
        self.files.retain(|(p, _, _)| p != path);
        self
    }

    /// The `.tgz` bytes, as npm would publish them.
    pub fn tgz(&self) -> Vec<u8> {
        let entries: Vec<RawEntry> = self
            .files
            .iter()
            .map(|(p, b, x)| RawEntry::file(&format!("package/{p}"), b, if *x { 0o755 } else { 0o644 }))
            .collect();
        raw_tgz(&entries)
    }

    /// `<short>-<version>.tgz`
    pub fn tgz_name(&self) -> String {
        format!("{}-{}.tgz", self.name.trim_start_matches(&format!("{SCOPE}/")), self.version)
    }
}

/// One tar entry written without any path validation (to craft attacks).
pub struct RawEntry {
    pub name: Vec<u8>,
    pub kind: tar::EntryType,
    pub data: Vec<u8>,
    pub mode: u32,
    pub link: Option<Vec<u8>>,
}

impl RawEntry {
    pub fn file(name: &str, data: &[u8], mode: u32) -> RawEntry {
        RawEntry {
            name: name.as_bytes().to_vec(),
            kind: tar::EntryType::Regular,
            data: data.to_vec(),
            mode,
            link: None,
        }
    }

    pub fn link(name: &str, kind: tar::EntryType, target: &str) -> RawEntry {
        RawEntry {
            name: name.as_bytes().to_vec(),
            kind,
            data: Vec::new(),
            mode: 0o644,
            link: Some(target.as_bytes().to_vec()),
        }
    }
}

/// Gzipped tar bytes of `entries`, headers filled byte by byte.
pub fn raw_tgz(entries: &[RawEntry]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for e in entries {
        let mut header = tar::Header::new_gnu();
        {
            let gnu = header.as_gnu_mut().expect("gnu");
            gnu.name[..e.name.len()].copy_from_slice(&e.name);
            if let Some(link) = &e.link {
                gnu.linkname[..link.len()].copy_from_slice(link);
            }
        }
        header.set_entry_type(e.kind);
        header.set_mode(e.mode);
        header.set_size(e.data.len() as u64);
        header.set_mtime(499162500);
        header.set_cksum();
        builder.append(&header, e.data.as_slice()).expect("append");
    }
    let tar_bytes = builder.into_inner().expect("tar");
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(&tar_bytes).expect("gz");
    gz.finish().expect("gz finish")
}

/// Writes the tarballs into `tarballs/` and runs `snapshot <version> --from tarballs`.
pub fn snapshot_from_tarballs(dir: &TestDir, version: &str, packages: &[&NpmPackage]) -> Run {
    let _ = std::fs::remove_dir_all(dir.join("tarballs"));
    for p in packages {
        dir.write(&format!("tarballs/{}", p.tgz_name()), p.tgz());
    }
    dir.run(&["snapshot", version, "--from", "tarballs"])
}

/// A fake `npm` serving `registry/`: `view <spec> dist.integrity --json`
/// prints `registry/<spec>.integrity`; `pack <spec>... --json
/// --pack-destination <dir>` copies `registry/<spec>.tgz` for each spec
/// (like npm, it fails as a whole when one is missing). Once
/// `fake-npm/calls.log` exists ([`log_npm_calls`]), every call is appended
/// to it.
pub fn fake_npm(dir: &TestDir) -> PathBuf {
    let script = r#"#!/bin/sh
here="$(dirname "$0")"
reg="$here/registry"
[ -f "$here/calls.log" ] && echo "$*" >>"$here/calls.log"
key() { printf '%s' "$1" | tr '/@' '__'; }
cmd="$1"; shift
case "$cmd" in
  view)
    k="$(key "$1")"
    [ -f "$reg/$k.integrity" ] || { echo "npm error code E404" >&2; exit 1; }
    printf '"%s"\n' "$(cat "$reg/$k.integrity")" ;;
  pack)
    specs=""; dest=""
    while [ $# -gt 0 ]; do
      case "$1" in
        --pack-destination) dest="$2"; shift 2 ;;
        --*) shift ;;
        *) specs="$specs $1"; shift ;;
      esac
    done
    for spec in $specs; do
      [ -f "$reg/$(key "$spec").tgz" ] || { echo "npm error code E404 $spec" >&2; exit 1; }
    done
    out=""
    for spec in $specs; do
      k="$(key "$spec")"
      cp "$reg/$k.tgz" "$dest/$k.tgz"
      out="$out${out:+, }{\"filename\": \"$k.tgz\"}"
    done
    printf '[%s]\n' "$out" ;;
  *) echo "unexpected npm call: $cmd $*" >&2; exit 1 ;;
esac
"#;
    dir.write("fake-npm/npm", script);
    set_mode(&dir.join("fake-npm/npm"), true);
    dir.join("fake-npm/npm")
}

/// Makes the fake npm of [`fake_npm`] log its calls from now on.
pub fn log_npm_calls(dir: &TestDir) {
    dir.write("fake-npm/calls.log", "");
}

/// The `pack` calls the fake npm of [`fake_npm`] logged, one line each.
pub fn npm_pack_calls(dir: &TestDir) -> Vec<String> {
    let log = dir.join("fake-npm/calls.log");
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines().filter(|l| l.starts_with("pack ")).map(str::to_string).collect()
}

/// Publishes a package to the fake registry with the given integrity
/// (`None`: the true sha512 of its bytes).
pub fn publish(dir: &TestDir, package: &NpmPackage, integrity: Option<&str>) {
    let key = format!("{}@{}", package.name, package.version).replace(['/', '@'], "_");
    let bytes = package.tgz();
    let sri = integrity.map(str::to_string).unwrap_or_else(|| forklayer::npm::sri_sha512(&bytes));
    dir.write(&format!("fake-npm/registry/{key}.tgz"), &bytes);
    dir.write(&format!("fake-npm/registry/{key}.integrity"), sri);
}

/// Commits every file of the repository (creating it on first use).
pub fn commit_all(dir: &TestDir) {
    let repo = git2::Repository::open(dir.path()).or_else(|_| git2::Repository::init(dir.path())).expect("repo");
    let mut index = repo.index().expect("index");
    index.add_all(["*"], git2::IndexAddOption::DEFAULT, None).expect("add");
    index.write().expect("write index");
    let tree = repo.find_tree(index.write_tree().expect("tree")).expect("tree");
    let sig = git2::Signature::new("t", "t@example.invalid", &git2::Time::new(1_700_000_000, 0)).expect("sig");
    let parent = repo.head().ok().and_then(|h| h.peel_to_commit().ok());
    let parents: Vec<&git2::Commit<'_>> = parent.iter().collect();
    repo.commit(Some("HEAD"), &sig, &sig, "commit", &tree, &parents).expect("commit");
}

/// Sets or clears the immutable attribute: even root cannot write such a
/// file, which makes a write fail halfway through a run.
pub fn immutable(path: &Path, on: bool) {
    let flag = if on { "+i" } else { "-i" };
    let status = std::process::Command::new("chattr").arg(flag).arg(path).status().expect("chattr");
    assert!(status.success(), "chattr {flag} {} failed: this test needs a file system with attributes", path.display());
}

/// `forklayer <args>` started in its own process group (as a terminal
/// runs a command), stdout discarded, stderr piped.
#[cfg(unix)]
pub fn spawn_in_own_group(dir: &TestDir, args: &[&str]) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    std::process::Command::new(env!("CARGO_BIN_EXE_forklayer"))
        .args(args)
        .current_dir(dir.path())
        .process_group(0)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn")
}

/// SIGINT to the process group of `child`, as a terminal's Ctrl-C (a
/// child process such as npm gets it too).
#[cfg(unix)]
pub fn ctrl_c(child: &std::process::Child) {
    let kill = std::process::Command::new("kill").args(["-INT", "--", &format!("-{}", child.id())]).status();
    assert!(kill.expect("kill").success());
}

/// Runs forklayer in its own process group and presses Ctrl-C `after`
/// it has started to catch the signal (on a loaded machine the process
/// may take longer than any fixed delay to get there, and a signal before
/// that kills it); returns the exit code (`None`: killed by the signal)
/// and stderr.
#[cfg(unix)]
pub fn ctrl_c_after(dir: &TestDir, args: &[&str], after: std::time::Duration) -> (Option<i32>, String) {
    let child = spawn_in_own_group(dir, args);
    wait_until_catching_ctrl_c(&child);
    std::thread::sleep(after);
    ctrl_c_and_wait(child)
}

/// Presses Ctrl-C and returns the exit code and stderr.
#[cfg(unix)]
fn ctrl_c_and_wait(child: std::process::Child) -> (Option<i32>, String) {
    ctrl_c(&child);
    let out = child.wait_with_output().expect("wait");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Runs forklayer in its own process group and presses Ctrl-C once the
/// npm of [`slow_npm`] has started: while it fetches.
#[cfg(unix)]
pub fn ctrl_c_while_npm_runs(dir: &TestDir, args: &[&str]) -> (Option<i32>, String) {
    let started = dir.join(SLOW_NPM_STARTED);
    let _ = std::fs::remove_file(&started);
    let child = spawn_in_own_group(dir, args);
    wait_until_catching_ctrl_c(&child);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !started.exists() {
        assert!(std::time::Instant::now() < deadline, "npm never started");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let finished = ctrl_c_and_wait(child);
    std::fs::remove_file(&started).expect("the note of the slow npm");
    finished
}

/// Waits until `child` catches SIGINT (Linux: bit 2 of `SigCgt` in
/// `/proc/<pid>/status`); elsewhere it waits half a second.
#[cfg(unix)]
fn wait_until_catching_ctrl_c(child: &std::process::Child) {
    let status = PathBuf::from(format!("/proc/{}/status", child.id()));
    if !Path::new("/proc/self/status").exists() {
        std::thread::sleep(std::time::Duration::from_millis(500));
        return;
    }
    let catching = || {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        text.lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !catching() {
        assert!(std::time::Instant::now() < deadline, "forklayer never started to catch Ctrl-C");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Where [`slow_npm`] notes that it has started.
const SLOW_NPM_STARTED: &str = "fake-npm/slow-npm.started";

/// `fake-npm/slow-npm`: `npm`, started after `seconds`, so that a signal
/// can arrive while it fetches; it notes its start in
/// [`SLOW_NPM_STARTED`] first.
pub fn slow_npm(dir: &TestDir, npm: &Path, seconds: &str) -> PathBuf {
    let slow = dir.join("fake-npm/slow-npm");
    let started = dir.join(SLOW_NPM_STARTED);
    let script = format!("#!/bin/sh\n: > '{}'\nsleep {seconds}\nexec {} \"$@\"\n", started.display(), npm.display());
    std::fs::write(&slow, script).expect("write");
    set_mode(&slow, true);
    slow
}

/// Every file, directory and symbolic link below `root` with its bytes (a
/// link's target), sorted: what "byte for byte as before" compares.
pub fn disk_state(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("ls") {
            let path = entry.expect("entry").path();
            let rel = path.strip_prefix(root).expect("below").to_string_lossy().into_owned();
            let meta = std::fs::symlink_metadata(&path).expect("stat");
            if meta.is_dir() {
                stack.push(path);
                out.push((rel, b"dir".to_vec()));
            } else if meta.file_type().is_symlink() {
                out.push((rel, std::fs::read_link(&path).expect("link").to_string_lossy().as_bytes().to_vec()));
            } else {
                out.push((rel, std::fs::read(&path).expect("read")));
            }
        }
    }
    out.sort();
    out
}

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use super::recover::recover_with;
use super::{recover, recover_beside, Fault, JournalError, Scope, Update, ARMED, PREFIX, WRITING};
use crate::tree::{FileEntry, Tree};

/// Everything on disk below `root`, empty directories, modes and symbolic
/// links included: what "as it was" means.
fn disk_state(root: &Path) -> BTreeMap<String, String> {
    state_with_mode_bits(root, 0o7777)
}

/// [`disk_state`] as a roll back restores it: set-id and sticky bits are
/// never restored from a journal.
fn rolled_back_state(root: &Path) -> BTreeMap<String, String> {
    state_with_mode_bits(root, 0o777)
}

fn state_with_mode_bits(root: &Path, bits: u32) -> BTreeMap<String, String> {
    use std::os::unix::fs::PermissionsExt;
    let mut state = BTreeMap::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("ls") {
            let path = entry.expect("entry").path();
            let rel = path.strip_prefix(root).expect("below root").to_string_lossy().into_owned();
            let meta = fs::symlink_metadata(&path).expect("stat");
            let mode = meta.permissions().mode() & bits;
            let what = if meta.file_type().is_symlink() {
                format!("link -> {}", fs::read_link(&path).expect("readlink").display())
            } else if meta.is_dir() {
                pending.push(path.clone());
                format!("dir {mode:o}")
            } else {
                format!("file {mode:o} {:?}", fs::read(&path).expect("read"))
            };
            state.insert(rel, what);
        }
    }
    state
}

fn tree(files: &[(&str, &[u8], bool)]) -> Tree {
    let mut tree = Tree::new();
    for (path, bytes, executable) in files {
        let entry = if *executable { FileEntry::executable(bytes.to_vec()) } else { FileEntry::new(bytes.to_vec()) };
        tree.insert(*path, entry).expect("insert");
    }
    tree
}

/// A project with the nasty cases: CRLF, no final newline, binary,
/// non-UTF-8 bytes, an empty file, an executable, an empty directory, a
/// symbolic link, a file where the new tree has a directory and the other
/// way round, a file hard-linked from outside.
struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    fn new() -> Project {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        tree(&[
            ("same.txt", b"unchanged\r\n", false),
            ("crlf.txt", b"a\r\nb\r\n", false),
            ("no-eol.js", b"let x = 1;", false),
            ("binary.bin", &[0, 159, 146, 150, 255], false),
            ("empty", b"", false),
            ("bin/run", b"#!/bin/sh\n", true),
            ("gone/deep/file", b"deleted upstream\n", false),
            ("was-file", b"becomes a directory\n", false),
            ("was-dir/inner", b"becomes a file\n", false),
            ("shared.txt", b"hard-linked\n", false),
        ])
        .write_to(&root.join("up"))
        .expect("write");
        fs::create_dir_all(root.join("up/empty-dir/nested")).expect("mkdir");
        fs::set_permissions(root.join("up/empty-dir"), fs::Permissions::from_mode(0o700)).expect("chmod");
        std::os::unix::fs::symlink("crlf.txt", root.join("up/link")).expect("symlink");
        fs::hard_link(root.join("up/shared.txt"), root.join("outside-link")).expect("link");
        // A set-id bit must not survive into the file written over it.
        fs::set_permissions(root.join("up/no-eol.js"), fs::Permissions::from_mode(0o4755)).expect("chmod");
        fs::write(root.join("decl.toml"), "baseline = \"1.0.0\"\n").expect("write");
        fs::set_permissions(root.join("decl.toml"), fs::Permissions::from_mode(0o600)).expect("chmod");
        Project { dir }
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    fn next_tree() -> Tree {
        tree(&[
            ("same.txt", b"unchanged\r\n", false),
            ("crlf.txt", b"a\nb\n", false),
            ("no-eol.js", b"let x = 2;", true),
            ("binary.bin", &[0, 159, 146, 150, 254, 0], false),
            ("empty", b"now has bytes", false),
            ("bin/run", b"#!/bin/sh\n", false),
            ("was-file/child", b"now a directory\n", false),
            ("was-dir", b"now a file\n", true),
            ("shared.txt", b"rewritten\n", false),
            ("link", b"a file where a link was\n", false),
            ("new/dir/file", b"added\n", false),
            ("new/empty-file", b"", false),
        ])
    }

    /// The update under test: `up/` becomes [`Project::next_tree`], a new
    /// directory `created/` appears and the declaration changes.
    fn update<'a>(&self, next: &'a Tree, created: &'a Tree) -> Update<'a> {
        let mut update = Update::new(self.root());
        update.replace_dir(&self.root().join("up"), next);
        update.replace_dir(&self.root().join("created/below"), created);
        update.replace_file(&self.root().join("decl.toml"), b"baseline = \"2.0.0\"\n");
        update
    }
}

/// Everything below `root` may be rolled back.
fn whole(root: &Path) -> Scope {
    Scope::new([root.to_path_buf()])
}

fn journal_files(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root)
        .expect("ls")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(PREFIX))
        .collect();
    names.sort();
    names
}

#[test]
fn apply_makes_each_directory_exactly_its_tree_and_writes_only_what_changes() {
    use std::os::unix::fs::MetadataExt;
    let project = Project::new();
    let root = project.root();
    let inode = |p: &str| fs::metadata(root.join(p)).expect("stat").ino();
    let (same, crlf) = (inode("up/same.txt"), inode("up/crlf.txt"));
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    let changes = project.update(&next, &created).apply().expect("apply");
    assert!(changes > 0);
    assert_eq!(Tree::read_dir(&root.join("up")).expect("read"), next);
    assert_eq!(Tree::read_dir(&root.join("created/below")).expect("read"), created);
    assert_eq!(fs::read(root.join("decl.toml")).expect("read"), b"baseline = \"2.0.0\"\n");
    let state = disk_state(&root.join("up"));
    assert!(!state.contains_key("empty-dir") && !state.contains_key("gone"), "{state:?}");
    assert_eq!(state["bin/run"], format!("file 644 {:?}", b"#!/bin/sh\n"), "executable bit dropped");
    assert_eq!(state["was-dir"], format!("file 755 {:?}", b"now a file\n"));
    assert_eq!(state["no-eol.js"], format!("file 755 {:?}", b"let x = 2;"), "set-id bit cleared");
    assert_eq!(inode("up/same.txt"), same, "an unchanged file is not touched");
    assert_eq!(inode("up/crlf.txt"), crlf, "a changed file is rewritten in place");
    assert_eq!(fs::read(root.join("outside-link")).expect("read"), b"hard-linked\n", "other names keep their bytes");
    use std::os::unix::fs::PermissionsExt;
    let decl_mode = fs::metadata(root.join("decl.toml")).expect("stat").permissions().mode() & 0o777;
    assert_eq!(decl_mode, 0o600, "a replaced file keeps its mode");
    assert!(journal_files(root).is_empty());
}

#[test]
fn an_update_that_changes_nothing_writes_no_journal() {
    let project = Project::new();
    let current = Tree::read_dir_filtered(&project.root().join("up"), |_, _| true);
    // The symbolic link makes the directory unreadable as a tree; use a
    // plain one instead.
    assert!(current.is_err());
    let plain = tree(&[("a", b"a", false)]);
    plain.write_to(&project.root().join("plain")).expect("write");
    let mut update = Update::new(project.root());
    update.replace_dir(&project.root().join("plain"), &plain);
    update.replace_file(&project.root().join("decl.toml"), b"baseline = \"1.0.0\"\n");
    assert_eq!(update.apply().expect("apply"), 0);
    assert!(journal_files(project.root()).is_empty());
}

#[test]
fn a_failure_at_any_step_puts_everything_back() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    for fail_at in 0.. {
        let project = Project::new();
        let before = rolled_back_state(project.root());
        let result =
            project.update(&next, &created).apply_with(&|n| if n == fail_at { Fault::Fail } else { Fault::None });
        match result {
            Ok(_) => {
                assert!(fail_at > 10, "the update has more than ten steps");
                break;
            }
            Err(JournalError::RolledBack(_)) => {
                assert_eq!(rolled_back_state(project.root()), before, "failure at step {fail_at}");
            }
            // The last step, removing the journal, failed: every change is
            // made, the journal is kept, and the error says so.
            Err(err @ JournalError::CommitFailed { .. }) => {
                assert!(err.to_string().contains("the update was made completely"), "{err}");
                assert_eq!(Tree::read_dir(&project.root().join("up")).expect("read"), next);
                assert_eq!(journal_files(project.root()).len(), 1, "the journal is left for the next run");
            }
            Err(other) => panic!("step {fail_at}: {other}"),
        }
    }
}

#[test]
fn a_crash_at_any_step_is_rolled_back_by_the_next_run_even_if_that_crashes_too() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    for crash_at in 0.. {
        let project = Project::new();
        let root = project.root();
        let before = rolled_back_state(root);
        let crash = |n| if n == crash_at { Fault::Crash } else { Fault::None };
        if project.update(&next, &created).apply_with(&crash).is_ok() {
            assert!(crash_at > 10);
            break;
        }
        assert_eq!(journal_files(root), [format!("{PREFIX}{}{ARMED}", std::process::id())]);
        // A new update must not start on a half-written project.
        let refused = project.update(&next, &created).apply();
        assert!(matches!(refused, Err(JournalError::Pending { .. })), "{refused:?}");
        // The roll back itself dies at some step, then is run again.
        let second_crash = crash_at % 7;
        let first =
            recover_with(root, PREFIX, &whole(root), &|n| if n == second_crash { Fault::Crash } else { Fault::None });
        if first.is_err() {
            assert_eq!(journal_files(root).len(), 1, "the journal survives a crashed roll back");
        }
        let recovered = recover(root, &whole(root)).expect("recover");
        assert!(first.is_ok() || recovered.len() == 1);
        assert_eq!(rolled_back_state(root), before, "crash at step {crash_at}, then at roll-back step {second_crash}");
        assert!(journal_files(root).is_empty());
    }
}

#[test]
fn the_journal_is_a_tar_archive_holding_the_previous_bytes() {
    let project = Project::new();
    let root = project.root();
    let next = Project::next_tree();
    let created = Tree::new();
    let crash_before_first_change = |_| Fault::Crash;
    assert!(project.update(&next, &created).apply_with(&crash_before_first_change).is_err());
    let journal = root.join(&journal_files(root)[0]);
    let mut archive = tar::Archive::new(fs::File::open(&journal).expect("open"));
    let mut names = Vec::new();
    for entry in archive.entries().expect("entries") {
        let mut entry = entry.expect("entry");
        let name = entry.path().expect("path").to_string_lossy().into_owned();
        if name == "0/crlf.txt" {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut bytes).expect("read");
            assert_eq!(bytes, b"a\r\nb\r\n");
        }
        names.push(name);
    }
    assert_eq!(names[0], "journal.json");
    for saved in ["0/crlf.txt", "0/gone/deep/file", "0/link", "0/was-file", "0/was-dir/inner", "2"] {
        assert!(names.iter().any(|n| n == saved), "{saved} missing from {names:?}");
    }
    assert!(!names.iter().any(|n| n == "0/same.txt"), "unchanged files are not saved");
    recover(root, &whole(root)).expect("recover");
}

#[test]
fn a_damaged_journal_is_reported_and_kept() {
    let project = Project::new();
    let root = project.root();
    let before = disk_state(root);
    let journal = root.join(format!("{PREFIX}99999999{ARMED}"));
    fs::write(&journal, b"not a tar archive at all, far too short").expect("write");
    let err = recover(root, &whole(root)).expect_err("damaged");
    assert!(matches!(err, JournalError::Damaged { .. }), "{err}");
    assert!(journal.exists());
    let mut after = disk_state(root);
    after.remove(&journal.file_name().expect("name").to_string_lossy().into_owned());
    assert_eq!(after, before);
}

#[test]
fn a_journal_that_was_never_armed_is_removed_and_nothing_else_changes() {
    let project = Project::new();
    let root = project.root();
    let before = disk_state(root);
    fs::write(root.join(format!("{PREFIX}99999999{WRITING}")), b"half").expect("write");
    assert_eq!(recover(root, &whole(root)).expect("recover"), []);
    assert_eq!(disk_state(root), before);
}

/// A small deterministic generator (xorshift): the same cases on every
/// machine, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random path over a tiny alphabet, so that old and new often disagree
/// about whether a path is a file, a directory or a link.
fn random_path(rng: &mut Rng) -> String {
    let depth = 1 + rng.below(3);
    (0..depth).map(|_| ["a", "b", "c"][rng.below(3) as usize]).collect::<Vec<_>>().join("/")
}

/// Whether `path` can join `taken` without one being a directory of the other.
fn fits(taken: &[String], path: &str) -> bool {
    taken.iter().all(|t| t != path && !t.starts_with(&format!("{path}/")) && !path.starts_with(&format!("{t}/")))
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    match rng.below(4) {
        0 => Vec::new(),
        1 => b"line\r\nno final newline".to_vec(),
        2 => (0..rng.below(300)).map(|_| rng.below(256) as u8).collect(),
        _ => format!("text {}\n", rng.below(5)).repeat(1 + rng.below(400) as usize).into_bytes(),
    }
}

fn random_tree(rng: &mut Rng) -> Tree {
    let mut taken: Vec<String> = Vec::new();
    let mut tree = Tree::new();
    for _ in 0..rng.below(12) {
        let path = random_path(rng);
        if fits(&taken, &path) {
            let bytes = random_bytes(rng);
            let entry = if rng.below(4) == 0 { FileEntry::executable(bytes) } else { FileEntry::new(bytes) };
            tree.insert(path.clone(), entry).expect("insert");
            taken.push(path);
        }
    }
    tree
}

/// Writes a random previous state below `root`: files, empty directories
/// and symbolic links.
fn write_random_disk(rng: &mut Rng, root: &Path) {
    let files = random_tree(rng);
    files.write_to(root).expect("write");
    let mut taken: Vec<String> = files.paths().map(str::to_string).collect();
    for _ in 0..rng.below(4) {
        let path = random_path(rng);
        if !fits(&taken, &path) || root.join(&path).exists() {
            continue;
        }
        let full = root.join(&path);
        fs::create_dir_all(full.parent().expect("parent")).expect("mkdir");
        if rng.below(2) == 0 {
            fs::create_dir(&full).expect("mkdir");
        } else {
            std::os::unix::fs::symlink("a", &full).expect("symlink");
        }
        taken.push(path);
    }
}

#[test]
fn random_trees_are_written_exactly_and_undone_exactly_after_a_crash_or_failure_anywhere() {
    let mut rng = Rng(0x2026_1130_f0f0_0001);
    for case in 0..400 {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("target");
        if rng.below(8) != 0 {
            write_random_disk(&mut rng, &root);
        }
        let next = random_tree(&mut rng);
        let before = disk_state(dir.path());
        let fault_at = rng.below(24) as usize;
        let fault = if rng.below(2) == 0 { Fault::Crash } else { Fault::Fail };
        let mut update = Update::new(dir.path());
        update.replace_dir(&root, &next);
        let result = update.apply_with(&|n| if n == fault_at { fault } else { Fault::None });
        if let Err(JournalError::CommitFailed { journal, .. }) = &result {
            // Everything was written; keeping it means deleting the journal.
            fs::remove_file(journal).expect("rm journal");
        } else if result.is_err() {
            if fault == Fault::Crash {
                recover(dir.path(), &whole(dir.path())).expect("recover");
            }
            assert_eq!(disk_state(dir.path()), before, "case {case}: {fault:?} at step {fault_at}");
            assert!(journal_files(dir.path()).is_empty());
            update.apply().expect("apply after the roll back");
        }
        assert_eq!(Tree::read_dir(&root).expect("read"), next, "case {case}");
        let dirs_needed = super::plan::parent_dirs(&next);
        for (path, what) in disk_state(&root) {
            assert!(
                next.contains(&path) || (what.starts_with("dir") && dirs_needed.contains(&path)),
                "case {case}: `{path}` ({what}) left over"
            );
        }
        assert!(journal_files(dir.path()).is_empty());
    }
}

#[test]
fn a_roll_back_rewrites_only_what_the_update_had_changed() {
    let project = Project::new();
    let root = project.root();
    let mtimes = |root: &Path| -> BTreeMap<String, std::time::SystemTime> {
        disk_state(root)
            .into_keys()
            .filter_map(|p| {
                let meta = fs::symlink_metadata(root.join(&p)).expect("stat");
                meta.is_file().then(|| (p, meta.modified().expect("mtime")))
            })
            .collect()
    };
    let before = mtimes(root);
    let next = Project::next_tree();
    let mut update = Update::new(root);
    update.replace_dir(&root.join("up"), &next);
    // The first change (a deletion) fails: nothing was changed, so the roll
    // back must not write a single file.
    let result = update.apply_with(&|n| if n == 0 { Fault::Fail } else { Fault::None });
    assert!(matches!(result, Err(JournalError::RolledBack(_))), "{result:?}");
    assert_eq!(mtimes(root), before);
}

#[test]
fn a_name_a_journal_could_not_read_back_is_refused_before_anything_changes() {
    let project = Project::new();
    let root = project.root();
    fs::write(root.join("up/back\\slash"), b"x").expect("write");
    let before = disk_state(root);
    let next = Project::next_tree();
    let created = Tree::new();
    let err = project.update(&next, &created).apply().expect_err("refused");
    assert!(matches!(err, JournalError::Tree(crate::tree::TreeError::UnsafePath { .. })), "{err}");
    assert_eq!(disk_state(root), before);
}

/// An entry of a hand-made journal.
enum Planted<'a> {
    File(&'a str, &'a [u8], u32),
    Link(&'a str, &'a str),
}

/// Writes a journal as someone planting one in a repository would: any
/// record, any entries.
fn plant_journal(root: &Path, record: &serde_json::Value, entries: &[Planted<'_>]) -> std::path::PathBuf {
    let path = root.join(format!("{PREFIX}99999998{ARMED}"));
    let mut tar = tar::Builder::new(fs::File::create(&path).expect("create"));
    let json = serde_json::to_vec(record).expect("json");
    let mut header = tar::Header::new_gnu();
    header.set_size(json.len() as u64);
    header.set_mode(0o644);
    tar.append_data(&mut header, "journal.json", json.as_slice()).expect("record");
    for entry in entries {
        let mut header = tar::Header::new_gnu();
        match entry {
            Planted::File(name, bytes, mode) => {
                header.set_size(bytes.len() as u64);
                header.set_mode(*mode);
                tar.append_data(&mut header, name, *bytes).expect("file");
            }
            Planted::Link(name, to) => {
                header.set_entry_type(tar::EntryType::Symlink);
                header.set_size(0);
                header.set_mode(0o777);
                tar.append_link(&mut header, name, to).expect("link");
            }
        }
    }
    tar.finish().expect("finish");
    path
}

fn dir_target(path: &str, created_files: &[&str]) -> serde_json::Value {
    serde_json::json!({
        "path": path, "file": false, "existed": true, "created_files": created_files,
        "created_dirs": [], "removed_dirs": []
    })
}

fn record(targets: Vec<serde_json::Value>) -> serde_json::Value {
    serde_json::json!({ "schema": super::SCHEMA, "targets": targets })
}

/// A planted journal that fails validation changes nothing, inside or
/// outside the project, and is kept.
fn assert_refused(project: &Path, outside: &Path, journal: &Path, scope: &Scope) {
    let (before, before_outside) = (disk_state(project), disk_state(outside));
    let err = recover(project, scope).expect_err("a planted journal must be refused");
    assert!(matches!(err, JournalError::Damaged { .. }), "{err}");
    assert_eq!(disk_state(project), before);
    assert_eq!(disk_state(outside), before_outside);
    assert!(journal.exists(), "the journal is kept");
}

/// A project (`repo/`, managing `repo/up`) beside a directory of the
/// user's that a planted journal tries to reach (`home/`).
struct Planting {
    dir: tempfile::TempDir,
}

impl Planting {
    fn new() -> Planting {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::create_dir_all(dir.path().join("repo/up")).expect("mkdir");
        fs::write(dir.path().join("repo/up/a.txt"), b"a\n").expect("write");
        fs::write(dir.path().join("repo/decl.toml"), b"x = 1\n").expect("write");
        fs::create_dir_all(dir.path().join("home")).expect("mkdir");
        fs::write(dir.path().join("home/settings.json"), b"{}").expect("write");
        Planting { dir }
    }
    fn repo(&self) -> std::path::PathBuf {
        self.dir.path().join("repo")
    }
    fn home(&self) -> std::path::PathBuf {
        self.dir.path().join("home")
    }
    fn scope(&self) -> Scope {
        Scope::new([self.repo().join("up"), self.repo().join("decl.toml")])
    }
}

#[test]
fn a_planted_journal_naming_paths_outside_the_managed_ones_is_refused_and_changes_nothing() {
    let t = Planting::new();
    let home = t.home();
    let home_text = home.to_string_lossy().into_owned();
    let cases: Vec<(serde_json::Value, Vec<Planted<'_>>)> = vec![
        // An absolute target: the user's directory, emptied of what it "created".
        (record(vec![dir_target(&home_text, &["settings.json"])]), vec![]),
        // `..` out of the project.
        (record(vec![dir_target("../home", &["settings.json"])]), vec![Planted::File("0/evil", b"x", 0o644)]),
        // Inside the project, but not a directory forklayer manages.
        (record(vec![dir_target("src", &[])]), vec![Planted::File("0/main.rs", b"x", 0o644)]),
        (record(vec![dir_target(".git/hooks", &[])]), vec![Planted::File("0/pre-commit", b"x", 0o755)]),
        // A restored link pointing out of the project, absolute or relative.
        (record(vec![dir_target("up", &[])]), vec![Planted::Link("0/out", &home_text)]),
        (record(vec![dir_target("up", &[])]), vec![Planted::Link("0/deep/out", "../../../home")]),
        // A file written through a link the same journal restores.
        (
            record(vec![dir_target("up", &[])]),
            vec![Planted::Link("0/in", "a.txt"), Planted::File("0/in/x", b"x", 0o644)],
        ),
        // A file target with entries below it.
        (
            record(vec![serde_json::json!({"path": "decl.toml", "file": true, "existed": true,
                "created_files": [], "created_dirs": [], "removed_dirs": []})]),
            vec![Planted::File("0/below", b"x", 0o644)],
        ),
    ];
    for (index, (record, entries)) in cases.iter().enumerate() {
        let journal = plant_journal(&t.repo(), record, entries);
        assert_refused(&t.repo(), &home, &journal, &t.scope());
        fs::remove_file(&journal).unwrap_or_else(|e| panic!("case {index}: {e}"));
    }
}

#[test]
fn a_planted_journal_never_writes_or_deletes_through_a_symbolic_link_on_disk() {
    let t = Planting::new();
    std::os::unix::fs::symlink(t.home(), t.repo().join("up/escape")).expect("symlink");
    for entries in [
        vec![Planted::File("0/escape/settings.json", b"owned", 0o644)],
        vec![Planted::File("0/escape/new-file", b"owned", 0o644)],
    ] {
        let journal = plant_journal(&t.repo(), &record(vec![dir_target("up", &[])]), &entries);
        assert_refused(&t.repo(), &t.home(), &journal, &t.scope());
        fs::remove_file(&journal).expect("rm");
    }
    let deleting = plant_journal(&t.repo(), &record(vec![dir_target("up", &["escape/settings.json"])]), &[]);
    assert_refused(&t.repo(), &t.home(), &deleting, &t.scope());
}

#[test]
fn a_journal_never_restores_set_id_or_sticky_bits() {
    use std::os::unix::fs::PermissionsExt;
    let t = Planting::new();
    let entries = [Planted::File("0/a.txt", b"restored\n", 0o6755)];
    plant_journal(&t.repo(), &record(vec![dir_target("up", &[])]), &entries);
    recover(&t.repo(), &t.scope()).expect("a journal inside the managed paths is rolled back");
    let meta = fs::metadata(t.repo().join("up/a.txt")).expect("stat");
    assert_eq!(fs::read(t.repo().join("up/a.txt")).expect("read"), b"restored\n");
    assert_eq!(meta.permissions().mode() & 0o7777, 0o755);
}

#[test]
fn a_journal_that_is_not_a_regular_file_is_damaged_not_a_hang() {
    let t = Planting::new();
    let fifo = t.repo().join(format!("{PREFIX}99999997{ARMED}"));
    let status = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(status.success());
    let err = recover(&t.repo(), &t.scope()).expect_err("a FIFO is no journal");
    assert!(matches!(err, JournalError::Damaged { .. }), "{err}");
    assert!(fifo.exists());
}

#[test]
fn a_journal_tracked_by_git_is_refused() {
    let t = Planting::new();
    let journal = plant_journal(&t.repo(), &record(vec![dir_target("up", &[])]), &[]);
    let repo = git2::Repository::init(t.repo()).expect("git init");
    let mut index = repo.index().expect("index");
    index.add_path(Path::new(journal.file_name().expect("name"))).expect("add");
    index.write().expect("write index");
    let before = disk_state(&t.repo());
    let err = recover(&t.repo(), &t.scope()).expect_err("tracked");
    assert!(err.to_string().contains("tracked by git"), "{err}");
    assert_eq!(disk_state(&t.repo()), before);
}

/// The journal files beside output directory `out`.
fn output_journals(out: &Path) -> Vec<String> {
    let prefix = format!("{PREFIX}out-{}-", out.file_name().expect("name").to_string_lossy());
    let parent = out.parent().expect("parent");
    let mut names: Vec<String> = fs::read_dir(parent)
        .expect("ls")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect();
    names.sort();
    names
}

#[test]
fn a_killed_update_of_an_output_directory_is_rolled_back_by_its_next_update_only() {
    let next = Project::next_tree();
    for crash_at in 0.. {
        let project = Project::new();
        let root = project.root();
        let out = root.join("up");
        let before = rolled_back_state(root);
        let crash = |n| if n == crash_at { Fault::Crash } else { Fault::None };
        let mut update = Update::beside(&out).expect("update");
        update.replace_dir(&out, &next);
        if update.apply_with(&crash).is_ok() {
            assert!(crash_at > 10, "the update has more than ten steps");
            assert_eq!(Tree::read_dir(&out).expect("read"), next);
            break;
        }
        assert_eq!(output_journals(&out).len(), 1, "crash at step {crash_at}");
        // The project's own journals are another kind: its recovery neither
        // rolls the output back nor calls the output's journal damaged.
        assert_eq!(recover(root, &whole(root)).expect("project recovery"), []);
        assert_eq!(output_journals(&out).len(), 1);
        let recovered = recover_beside(&out).expect("recover");
        assert_eq!(recovered.len(), 1);
        assert_eq!(rolled_back_state(root), before, "crash at step {crash_at}");
        assert!(output_journals(&out).is_empty());
    }
}

#[test]
fn an_output_journal_that_names_another_directory_is_damaged_and_kept() {
    let project = Project::new();
    let root = project.root();
    let (out, victim) = (root.join("out"), root.join("up"));
    let before = disk_state(root);
    // A journal for `up/`, planted under the name of `out/`'s journal.
    let mut update = Update::beside(&victim).expect("update");
    let next = Project::next_tree();
    update.replace_dir(&victim, &next);
    assert!(update.apply_with(&|_| Fault::Crash).is_err());
    let written = root.join(&output_journals(&victim)[0]);
    let planted = root.join(format!("{PREFIX}out-out-99999999{ARMED}"));
    fs::rename(&written, &planted).expect("rename");
    let err = recover_beside(&out).expect_err("damaged");
    assert!(matches!(err, JournalError::Damaged { .. }), "{err}");
    assert!(err.to_string().contains("not a directory or file forklayer manages here"), "{err}");
    let mut after = disk_state(root);
    after.remove(&planted.file_name().expect("name").to_string_lossy().into_owned());
    assert_eq!(after, before, "nothing changed");
}

#[test]
fn an_output_below_missing_directories_leaves_none_when_killed_or_failed() {
    let next = Project::next_tree();
    for crash_at in 0.. {
        let project = Project::new();
        let root = project.root();
        let out = root.join("new/deeper/out");
        let before = rolled_back_state(root);
        let crash = |n| if n == crash_at { Fault::Crash } else { Fault::None };
        let mut update = Update::beside(&out).expect("update");
        update.replace_dir(&out, &next);
        if update.apply_with(&crash).is_ok() {
            assert_eq!(Tree::read_dir(&out).expect("read"), next);
            break;
        }
        assert_eq!(output_journals(&out).len(), 1, "crash at step {crash_at}");
        assert_eq!(recover_beside(&out).expect("recover").len(), 1);
        assert_eq!(rolled_back_state(root), before, "crash at step {crash_at}: `new/` is gone again");
    }
    // A failure rolled back in the process removes them as well.
    let project = Project::new();
    let root = project.root();
    let out = root.join("new/deeper/out");
    let before = rolled_back_state(root);
    let mut update = Update::beside(&out).expect("update");
    update.replace_dir(&out, &next);
    let err = update.apply_with(&|n| if n == 3 { Fault::Fail } else { Fault::None }).expect_err("fails");
    assert!(matches!(err, JournalError::RolledBack(_)), "{err}");
    assert_eq!(rolled_back_state(root), before);
}

#[test]
fn a_roll_back_keeps_a_parent_directory_it_did_not_make() {
    let next = Project::next_tree();
    let project = Project::new();
    let root = project.root();
    let out = root.join("new/out");
    let mut update = Update::beside(&out).expect("update");
    update.replace_dir(&out, &next);
    assert!(update.apply_with(&|_| Fault::Crash).is_err());
    // Someone replaces the directory made for the journal by their own
    // (with the journal moved in): it has another inode, so it stays.
    let journal = output_journals(&out).remove(0);
    fs::rename(root.join("new"), root.join("theirs")).expect("move");
    fs::create_dir(root.join("new")).expect("mkdir");
    fs::rename(root.join("theirs").join(&journal), root.join("new").join(&journal)).expect("move journal");
    assert_eq!(recover_beside(&out).expect("recover").len(), 1);
    assert!(root.join("new").is_dir(), "their directory is kept");
    assert!(output_journals(&out).is_empty());
}

#[test]
fn a_cancelled_update_stops_before_writing_anything() {
    let project = Project::new();
    let root = project.root();
    let before = disk_state(root);
    let next = Project::next_tree();
    let flag = std::sync::atomic::AtomicBool::new(true);
    let mut update = Update::new(root).cancelled_by(&flag);
    update.replace_dir(&root.join("up"), &next);
    let err = update.apply().expect_err("cancelled");
    assert!(matches!(err, JournalError::Interrupted), "{err}");
    assert_eq!(disk_state(root), before, "nothing written, no journal");
    // Not set: the same update goes through.
    flag.store(false, std::sync::atomic::Ordering::SeqCst);
    let mut update = Update::new(root).cancelled_by(&flag);
    update.replace_dir(&root.join("up"), &next);
    assert!(update.apply().expect("applies") > 0);
    assert_eq!(Tree::read_dir(&root.join("up")).expect("read"), next);
}

/// A new output of many files in many directories: written exactly, and a
/// run killed at any of several steps leaves nothing.
#[test]
fn a_large_new_output_is_written_exactly_and_a_killed_one_leaves_nothing() {
    let mut big = Tree::new();
    for i in 0..276 {
        let entry =
            if i % 7 == 0 { FileEntry::executable(vec![0, 0xff, b'\r']) } else { FileEntry::new(vec![b'a'; i]) };
        big.insert(format!("d{}/f{i}", i % 16), entry).expect("insert");
    }
    for crash_at in [0, 1, 2, 40, 200] {
        let project = Project::new();
        let root = project.root();
        let out = root.join("big");
        let before = rolled_back_state(root);
        let mut update = Update::beside(&out).expect("update");
        update.replace_dir(&out, &big);
        assert!(update.apply_with(&|n| if n == crash_at { Fault::Crash } else { Fault::None }).is_err());
        assert_eq!(recover_beside(&out).expect("recover").len(), 1);
        assert_eq!(rolled_back_state(root), before, "crash at step {crash_at}");
    }
    let project = Project::new();
    let root = project.root();
    let out = root.join("big");
    let mut expected = rolled_back_state(root);
    let mut update = Update::beside(&out).expect("update");
    update.replace_dir(&out, &big);
    update.apply().expect("apply");
    assert_eq!(Tree::read_dir(&out).expect("read"), big);
    expected.insert("big".into(), rolled_back_state(root)["big"].clone());
    let after: BTreeMap<String, String> =
        rolled_back_state(root).into_iter().filter(|(path, _)| !path.starts_with("big/")).collect();
    assert_eq!(after, expected, "only the output is new: no journal is left");
}

#[test]
fn a_directory_read_earlier_journals_the_bytes_on_disk_and_leaves_files_it_keeps_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (root, target) = (dir.path(), dir.path().join("forks"));
    let on_disk = tree(&[
        ("kept.js", b"kept\r\n", false),
        ("kept-but-edited.js", b"read\n", false),
        ("changed.js", b"old", false),
        ("changed-and-edited.js", b"read too", false),
        ("deleted.bin", b"\x00\xff", true),
        ("sub/kept.txt", b"", false),
    ]);
    on_disk.write_to(&target).expect("write");
    let read = Tree::read_dir(&target).expect("read");
    // Edited after the caller read the directory, before the update.
    fs::write(target.join("kept-but-edited.js"), b"edited since\n").expect("edit");
    fs::write(target.join("changed-and-edited.js"), b"edited since too").expect("edit");
    fs::write(target.join("appeared.js"), b"new on disk").expect("write");
    let edited = disk_state(&target);
    let mut next = read.clone();
    next.insert("changed.js", FileEntry::new(b"new".to_vec())).expect("insert");
    next.insert("changed-and-edited.js", FileEntry::new(b"merged".to_vec())).expect("insert");
    next.remove("deleted.bin");
    next.insert("added.js", FileEntry::new(b"added".to_vec())).expect("insert");

    // Killed at any step: the roll back restores what was on disk, edits
    // included, not what the caller had read.
    for crash_at in 0.. {
        let mut update = Update::new(root);
        update.replace_read_dir(&target, &next, &read);
        if update.apply_with(&|n| if n == crash_at { Fault::Crash } else { Fault::None }).is_ok() {
            assert!(crash_at > 4, "the update has more than four steps");
            break;
        }
        recover(root, &whole(root)).expect("recover");
        assert_eq!(disk_state(&target), edited, "crash at step {crash_at}");
    }
    let mut want = next.clone();
    // The file kept as read is not rewritten: the edit stays. A file that
    // appeared is not in the new tree, so it goes, as with replace_dir.
    want.insert("kept-but-edited.js", FileEntry::new(b"edited since\n".to_vec())).expect("insert");
    assert_eq!(Tree::read_dir(&target).expect("read"), want);
    assert!(journal_files(root).is_empty());
}

/// How the system fails a write: a full disk or quota, no permission, a
/// read-only disk, an I/O error, a name too long, a path that is gone, a
/// parent that is a file, a name taken.
const WRITE_FAILURES: &[i32] = &[
    libc::ENOSPC,
    libc::EDQUOT,
    libc::EACCES,
    libc::EPERM,
    libc::EROFS,
    libc::EIO,
    libc::ENAMETOOLONG,
    libc::ENOENT,
    libc::ENOTDIR,
    libc::EEXIST,
];

/// Failures a roll back must not take for "already undone": the path is
/// there, the system only refused to change it.
const REAL_FAILURES: &[i32] = &[libc::ENOSPC, libc::EACCES, libc::EROFS, libc::EIO];

#[test]
fn every_kind_of_write_failure_at_every_step_ends_as_before_now_or_after_the_next_command() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    for (kind, &errno) in WRITE_FAILURES.iter().enumerate() {
        for fail_at in 0.. {
            let project = Project::new();
            let root = project.root();
            let before = rolled_back_state(root);
            // Sometimes the roll back fails too, at one of its own steps.
            let again = REAL_FAILURES[(fail_at + kind) % REAL_FAILURES.len()];
            let rollback_fails_at = (fail_at % 3 == 1).then_some(fail_at + 1 + (fail_at + kind) % 9);
            let fault = |n| {
                if n == fail_at {
                    Fault::Errno(errno)
                } else if Some(n) == rollback_fails_at {
                    Fault::Errno(again)
                } else {
                    Fault::None
                }
            };
            let what = format!("errno {errno} at step {fail_at}, then {rollback_fails_at:?}");
            match project.update(&next, &created).apply_with(&fault) {
                Ok(_) => {
                    assert!(fail_at > 10, "the update has more than ten steps");
                    break;
                }
                Err(JournalError::RolledBack(_)) => {
                    assert_eq!(rolled_back_state(root), before, "{what}");
                    assert!(journal_files(root).is_empty(), "{what}");
                }
                Err(err @ JournalError::RollbackFailed { .. }) => {
                    assert_kept_journal_is_told_truly(root, &err, &what);
                    // The next command rolls it back, whatever failed.
                    assert_eq!(recover(root, &whole(root)).expect(&what).len(), 1, "{what}");
                    assert_eq!(rolled_back_state(root), before, "{what}");
                    assert!(journal_files(root).is_empty(), "{what}");
                }
                Err(err @ JournalError::CommitFailed { .. }) => {
                    assert!(err.to_string().contains("the update was made completely"), "{err}");
                    assert_eq!(Tree::read_dir(&root.join("up")).expect("read"), next, "{what}");
                }
                Err(other) => panic!("{what}: {other}"),
            }
        }
    }
}

/// A kept journal comes with a message that says so, and a help line
/// naming the command that finishes the roll back and how to give it up.
fn assert_kept_journal_is_told_truly(root: &Path, err: &JournalError, what: &str) {
    use crate::error::Diagnostic;
    let journals = journal_files(root);
    assert_eq!(journals.len(), 1, "{what}: the journal is kept");
    let message = err.to_string();
    assert!(!message.contains("nothing was changed"), "{what}: {message}");
    assert!(message.contains("half updated") && message.contains(&journals[0]), "{what}: {message}");
    let help = err.help().expect("a help line");
    assert!(!help.contains("nothing was changed"), "{what}: {help}");
    assert!(help.contains(&format!("forklayer -C {} check", root.display())), "{what}: {help}");
    assert!(help.contains(&format!("rm {}", root.join(&journals[0]).display())), "{what}: {help}");
    assert_eq!(err.code(), "rollback_failed");
}

#[test]
fn a_roll_back_of_a_killed_update_that_fails_in_any_way_is_finished_by_the_command_after() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    for &errno in REAL_FAILURES {
        for fail_at in 0.. {
            let project = Project::new();
            let root = project.root();
            let before = rolled_back_state(root);
            assert!(project.update(&next, &created).apply_with(&|_| Fault::Crash).is_err());
            let fault = |n| if n == fail_at { Fault::Errno(errno) } else { Fault::None };
            match recover_with(root, PREFIX, &whole(root), &fault) {
                Ok(recovered) => {
                    assert_eq!(recovered.len(), 1);
                    assert_eq!(rolled_back_state(root), before);
                    assert!(fail_at > 5, "a roll back has more than five steps");
                    break;
                }
                Err(err @ JournalError::RecoveryFailed { .. }) => {
                    assert_kept_journal_is_told_truly(
                        root,
                        &err,
                        &format!("errno {errno} at roll-back step {fail_at}"),
                    );
                    assert_eq!(recover(root, &whole(root)).expect("the next command").len(), 1);
                    assert_eq!(rolled_back_state(root), before, "errno {errno} at roll-back step {fail_at}");
                }
                Err(other) => panic!("errno {errno} at roll-back step {fail_at}: {other}"),
            }
        }
    }
}

#[test]
fn a_roll_back_never_fails_on_a_path_that_cannot_exist() {
    // A journal whose update "created" files it never could: a name over
    // the file system's limit, a path below a file, a path that is gone.
    let project = Project::new();
    let root = project.root();
    let limits = crate::names::NameLimits::of(root);
    let too_long = "z".repeat(limits.name_max + 1);
    let below_a_file = "same.txt/child";
    let deep_too_long = format!("{}/{}", "d".repeat(200), "e".repeat(limits.name_max + 7));
    let created = [too_long.as_str(), below_a_file, "never-written.js", deep_too_long.as_str()];
    let before = disk_state(root);
    let journal = plant_journal(root, &record(vec![dir_target("up", &created)]), &[]);
    let recovered = recover(root, &whole(root)).expect("nothing to undo is no failure");
    assert_eq!(recovered.len(), 1);
    assert!(!journal.exists(), "the journal is done with");
    assert_eq!(disk_state(root), before, "and nothing else changed");
}

#[test]
fn a_name_the_file_system_cannot_hold_is_refused_before_anything_is_written() {
    let project = Project::new();
    let root = project.root();
    let limits = crate::names::NameLimits::of(root);
    let mut long_component = Project::next_tree();
    long_component
        .insert(format!("lib/{}", "n".repeat(limits.name_max + 1)), FileEntry::new(b"x".to_vec()))
        .expect("insert");
    let mut long_path = Project::next_tree();
    let deep: Vec<String> = (0..=limits.path_max / 200).map(|i| format!("{i:0>200}")).collect();
    long_path.insert(deep.join("/"), FileEntry::new(b"x".to_vec())).expect("insert");
    for (next, what) in [(&long_component, "its name"), (&long_path, "the path is")] {
        let before = disk_state(root);
        let created = tree(&[("x", b"x", false)]);
        let err = project.update(next, &created).apply().expect_err("refused");
        assert!(matches!(err, JournalError::Name(_)), "{err}");
        assert!(err.to_string().contains(what) && err.to_string().contains("holds"), "{err}");
        assert_eq!(crate::error::Diagnostic::code(&err), "name_too_long");
        assert_eq!(disk_state(root), before, "nothing was written");
        assert!(journal_files(root).is_empty());
    }
    // A file target whose own name is too long is refused the same way.
    let mut update = Update::new(root);
    let long_file = root.join("z".repeat(limits.name_max + 1));
    update.replace_file(&long_file, b"x");
    assert!(matches!(update.apply(), Err(JournalError::Name(_))));
}

#[test]
fn a_new_file_target_is_created_with_its_parents_and_a_roll_back_removes_them() {
    let project = Project::new();
    let root = project.root();
    let before = rolled_back_state(root);
    let new_file = root.join("dist/deep/release.zip");
    for crash_at in 0..4 {
        let mut update = Update::new(root);
        update.replace_file(&new_file, b"PK\x03\x04 bytes");
        update.replace_file(&root.join("decl.toml"), b"baseline = \"3.0.0\"\n");
        if update.apply_with(&|n| if n == crash_at { Fault::Crash } else { Fault::None }).is_ok() {
            break;
        }
        recover(root, &whole(root)).expect("recover");
        assert_eq!(rolled_back_state(root), before, "crash at step {crash_at}: no file, no parent left");
    }
    let mut update = Update::new(root);
    update.replace_file(&new_file, b"PK\x03\x04 bytes");
    update.apply().expect("apply");
    assert_eq!(fs::read(&new_file).expect("read"), b"PK\x03\x04 bytes");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(fs::metadata(&new_file).expect("stat").permissions().mode() & 0o777, 0o644);
}

#[test]
fn a_result_its_verifier_refuses_is_rolled_back_from_the_journal() {
    let project = Project::new();
    let root = project.root();
    let before = rolled_back_state(root);
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    let mut seen = None;
    let verdict = project
        .update(&next, &created)
        .apply_verified(|| {
            // The verifier sees the result on disk, before it is committed.
            seen = Some(Tree::read_dir(&root.join("up")).expect("read"));
            Err("the result is wrong")
        })
        .expect("the roll back works");
    assert_eq!(verdict, Err("the result is wrong"));
    assert_eq!(seen.as_ref(), Some(&next));
    assert_eq!(rolled_back_state(root), before, "everything as before");
    assert!(journal_files(root).is_empty());
    let kept = project.update(&next, &created).apply_verified(|| Ok::<(), ()>(())).expect("apply");
    assert!(kept.is_ok_and(|changes| changes > 0));
    assert_eq!(Tree::read_dir(&root.join("up")).expect("read"), next);
}

/// The step of [`Project::update`] that commits it (the last one).
fn commit_step(next: &Tree, created: &Tree) -> usize {
    let project = Project::new();
    let steps = std::sync::atomic::AtomicUsize::new(0);
    let count = |n: usize| {
        steps.fetch_max(n, std::sync::atomic::Ordering::SeqCst);
        Fault::None
    };
    project.update(next, created).apply_with(&count).expect("update");
    steps.into_inner()
}

#[test]
fn a_file_changed_after_a_kill_is_kept_aside_by_the_roll_back_and_nothing_else_is_copied() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    let commit = commit_step(&next, &created);
    let project = Project::new();
    let root = project.root();
    let before = rolled_back_state(root);
    // Killed after every write: the update is done but not committed.
    let crash = |n| if n == commit { Fault::Crash } else { Fault::None };
    assert!(project.update(&next, &created).apply_with(&crash).is_err());
    // Edited since: a file the update overwrote, one it created and the
    // declaration (a file target).
    fs::write(root.join("up/crlf.txt"), b"my edit\r\n").expect("edit");
    fs::write(root.join("up/new/dir/file"), b"my new lines\n").expect("edit");
    fs::write(root.join("decl.toml"), b"baseline = \"3.0.0\"\n").expect("edit");
    let recovered = recover(root, &whole(root)).expect("recover");
    let kept_dir = root.join(format!(".forklayer-rolled-back-{}", std::process::id()));
    let kept = fs::read(kept_dir.join("up/crlf.txt")).expect("kept overwrite");
    assert_eq!(kept, b"my edit\r\n");
    assert_eq!(fs::read(kept_dir.join("up/new/dir/file")).expect("kept created"), b"my new lines\n");
    assert_eq!(fs::read(kept_dir.join("decl.toml")).expect("kept file target"), b"baseline = \"3.0.0\"\n");
    let mut listed = recovered[0].kept.clone();
    listed.sort();
    assert_eq!(listed, [kept_dir.join("decl.toml"), kept_dir.join("up/crlf.txt"), kept_dir.join("up/new/dir/file")]);
    assert!(recovered[0].warning(format_args!("x")).contains("up/crlf.txt"));
    fs::remove_dir_all(&kept_dir).expect("rm");
    assert_eq!(rolled_back_state(root), before, "everything else as it was, nothing else copied");
}

#[test]
fn a_roll_back_of_a_complete_or_untouched_update_keeps_no_copies() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    for crash_at in [0, 5, commit_step(&next, &created)] {
        let project = Project::new();
        let root = project.root();
        let before = rolled_back_state(root);
        let crash = |n| if n == crash_at { Fault::Crash } else { Fault::None };
        assert!(project.update(&next, &created).apply_with(&crash).is_err());
        let recovered = recover(root, &whole(root)).expect("recover");
        assert_eq!(recovered[0].kept, Vec::<std::path::PathBuf>::new(), "crash at {crash_at}");
        assert_eq!(rolled_back_state(root), before);
    }
}

#[test]
fn the_copies_of_a_roll_back_are_never_written_through_a_planted_link() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    let commit = commit_step(&next, &created);
    for planted in ["", "up"] {
        let project = Project::new();
        let root = project.root();
        let crash = |n| if n == commit { Fault::Crash } else { Fault::None };
        assert!(project.update(&next, &created).apply_with(&crash).is_err());
        fs::write(root.join("up/crlf.txt"), b"my edit\r\n").expect("edit");
        let elsewhere = tempfile::tempdir().expect("tempdir");
        let kept_dir = root.join(format!(".forklayer-rolled-back-{}", std::process::id()));
        let link = if planted.is_empty() { kept_dir.clone() } else { kept_dir.join(planted) };
        fs::create_dir_all(link.parent().expect("parent")).expect("mkdir");
        std::os::unix::fs::symlink(elsewhere.path(), &link).expect("symlink");
        assert!(recover(root, &whole(root)).is_err(), "link at `{planted}`");
        assert_eq!(fs::read_dir(elsewhere.path()).expect("ls").count(), 0, "nothing written through `{planted}`");
    }
}

/// An empty project directory, and a directory outside it.
fn project_and_elsewhere() -> (tempfile::TempDir, tempfile::TempDir) {
    (tempfile::tempdir().expect("tempdir"), tempfile::tempdir().expect("tempdir"))
}

#[test]
fn an_update_never_writes_through_a_link_below_the_project_or_the_named_output() {
    let (project, elsewhere) = project_and_elsewhere();
    let (root, victim) = (project.path(), elsewhere.path().join("victim.toml"));
    std::os::unix::fs::symlink(&victim, root.join("forklayer.toml")).expect("symlink");
    std::os::unix::fs::symlink(elsewhere.path(), root.join("linked")).expect("symlink");
    fs::write(&victim, b"theirs\n").expect("write");
    let files = tree(&[("a.json", b"{}\n", false)]);
    let planted: [(&str, Option<&Tree>); 3] =
        [("forklayer.toml", None), ("linked/pinned.json", None), ("linked/patches", Some(&files))];
    for (rel, dir) in planted {
        let mut update = Update::new(root);
        update.replace_file(&root.join("kept.txt"), b"new\n");
        match dir {
            Some(tree) => update.replace_dir(&root.join(rel), tree),
            None => update.replace_file(&root.join(rel), b"ours\n"),
        }
        let err = update.apply().expect_err(rel);
        assert!(matches!(&err, JournalError::Tree(crate::tree::TreeError::NotAFile { .. })), "{rel}: {err}");
        assert!(err.to_string().contains("symbolic link"), "{rel}: {err}");
        assert_eq!(fs::read(&victim).expect("read"), b"theirs\n", "{rel}: nothing written through the link");
        assert_eq!(fs::read_dir(elsewhere.path()).expect("ls").count(), 1, "{rel}: nothing created there");
        assert!(!root.join("kept.txt").exists(), "{rel}: no other target written either");
        assert!(journal_files(root).is_empty(), "{rel}: no journal");
    }
    // Below an output named on the command line (a planted `out/<name>.zip`).
    let out = root.join("out");
    fs::create_dir(&out).expect("mkdir");
    std::os::unix::fs::symlink(&victim, out.join("release.zip")).expect("symlink");
    let mut update = Update::beside(&out).expect("beside");
    update.replace_file(&out.join("release.zip"), b"zip\n");
    update.apply().expect_err("a file below the output is never written through a link");
    assert_eq!(fs::read(&victim).expect("read"), b"theirs\n");
}

#[test]
fn a_file_a_kill_left_empty_is_the_updates_own_and_is_not_kept_aside() {
    let next = Project::next_tree();
    let created = tree(&[("x", b"x", false)]);
    let project = Project::new();
    let root = project.root();
    let before = rolled_back_state(root);
    let crash = |n| if n == commit_step(&next, &created) { Fault::Crash } else { Fault::None };
    assert!(project.update(&next, &created).apply_with(&crash).is_err());
    // Killed between opening (truncating) a file and writing it: an
    // overwritten one and a created one are empty.
    fs::write(root.join("up/crlf.txt"), b"").expect("truncate");
    fs::write(root.join("up/new/dir/file"), b"").expect("truncate");
    let recovered = recover(root, &whole(root)).expect("recover");
    assert!(recovered[0].kept.is_empty(), "{:?}", recovered[0].kept);
    assert_eq!(rolled_back_state(root), before, "no copy, everything as it was");
}

#[test]
fn a_file_target_with_another_hard_link_is_replaced_keeping_its_mode_and_the_other_name() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let (project, elsewhere) = project_and_elsewhere();
    let (root, other) = (project.path(), elsewhere.path().join("backup.json"));
    let target = root.join("package.json");
    fs::write(&target, b"{\"v\": 1}\n").expect("write");
    fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).expect("chmod");
    fs::hard_link(&target, &other).expect("ln");
    for crash_at in [Some(0), None] {
        let mut update = Update::new(root);
        update.replace_file(&target, b"{\"v\": 2}\n");
        match crash_at {
            Some(n) => {
                assert!(update.apply_with(&|step| if step == n + 1 { Fault::Crash } else { Fault::None }).is_err());
                recover(root, &whole(root)).expect("recover");
                assert_eq!(fs::read(&target).expect("read"), b"{\"v\": 1}\n", "rolled back");
            }
            None => {
                update.apply().expect("apply");
                assert_eq!(fs::read(&target).expect("read"), b"{\"v\": 2}\n");
                assert_eq!(fs::metadata(&target).expect("stat").nlink(), 1);
            }
        }
        assert_eq!(fs::read(&other).expect("read"), b"{\"v\": 1}\n", "the other name keeps its bytes");
        assert_eq!(fs::metadata(&target).expect("stat").permissions().mode() & 0o7777, 0o600);
    }
}

#[test]
fn a_journal_never_writes_into_git_even_with_the_whole_project_in_scope() {
    // The scope a killed `import` gets: the project directory itself.
    let t = Planting::new();
    let whole_project = Scope::new([t.repo()]);
    for target in [".git/hooks", ".git", "sub/.git"] {
        let record = record(vec![dir_target(target, &[])]);
        let journal = plant_journal(&t.repo(), &record, &[Planted::File("0/post-checkout", b"x", 0o755)]);
        assert_refused(&t.repo(), &t.home(), &journal, &whole_project);
        fs::remove_file(&journal).expect("rm");
    }
}

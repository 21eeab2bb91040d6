//! Fork layers of the JS toolchain in the shapes real repositories hold
//! them (issue 31): manifests naming their package with or without its
//! scope, forks with or without the scope folder (and beside it), READMEs
//! left out, carried packages, a layer in a subfolder of a larger
//! repository, manifests the seed-format writer or forklayer wrote. Each is
//! adopted, passes `check`, and merges onto the next baseline exactly as a
//! layer forklayer built itself from the same bytes.

use crate::util::{commit_all, NpmPackage, TestDir};

const V1: &str = "0.1.0-rc.6";
const V2: &str = "0.1.0-rc.7";

/// The upstream packages at `version`: `tool` and `sandbox` are forked,
/// `presets` is carried. The next version changes lines the forks leave
/// alone, adds a file and drops another, so a clean merge does every kind
/// of work.
fn upstream(version: &str) -> Vec<NpmPackage> {
    let next = version == V2;
    let tool_index = if next {
        "export const mode = 'read-only';\n// one\n// two\nexport const x = 1;\nexport const added = 'upstream';\n"
    } else {
        "export const mode = 'read-only';\n// one\n// two\nexport const x = 1;\n"
    };
    let mut tool = NpmPackage::new("tool", version).file("README.md", "# tool\n").file("lib/index.js", tool_index);
    tool = if next {
        tool.file("lib/new.js", "new upstream file\r\n")
    } else {
        tool.file("lib/old.js", "dropped later\n")
    };
    let sandbox = NpmPackage::new("sandbox", version)
        .file("README.md", "# sandbox\n")
        .file("lib/docs/README", "nested\n")
        .file(
            "lib/policy.js",
            format!(
                "const modes = ['read-only', 'danger'];\n// a\n// b\n// c\nconst v = {};",
                if next { 2 } else { 1 }
            ),
        )
        .exec("bin/run.sh", "#!/bin/sh\n");
    let presets = NpmPackage::new("presets", version)
        .file("README.md", "# presets\n")
        .file("presets.json", if next { "{\"v\": 2}\n" } else { "{}\n" });
    vec![tool, sandbox, presets]
}

/// The fork of `package` (without its READMEs, as the JS toolchain keeps
/// them), or `None` for a carried one.
fn fork(package: &NpmPackage) -> NpmPackage {
    let short = package.name.trim_start_matches("@acme/");
    let forked = match short {
        "tool" => package
            .clone()
            .file("lib/index.js", "export const mode = 'self-checking';\n// one\n// two\nexport const x = 1;\n"),
        "sandbox" => package.clone().file(
            "lib/policy.js",
            "const modes = ['read-only', 'self-checking', 'danger'];\n// a\n// b\n// c\nconst v = 1;",
        ),
        _ => package.clone(),
    };
    forked.without("README.md").without("lib/docs/README")
}

/// How a JS-toolchain repository names and places things.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Manifests name their package with its scope (`@acme/tool`).
    scoped_manifests: bool,
    /// Forks live in `profile/forks/@acme/<pkg>` rather than
    /// `profile/forks/<pkg>`.
    scoped_forks: bool,
    /// The layer lives in `layer/` of a larger repository.
    subfolder: bool,
    /// The manifests (and their review diffs) are the ones forklayer's
    /// `gen-patches` wrote, not the seed-format writer's.
    forklayer_manifests: bool,
}

const SHAPES: &[Shape] = &[
    Shape { scoped_manifests: true, scoped_forks: false, subfolder: false, forklayer_manifests: false },
    Shape { scoped_manifests: false, scoped_forks: false, subfolder: false, forklayer_manifests: false },
    Shape { scoped_manifests: false, scoped_forks: true, subfolder: false, forklayer_manifests: false },
    Shape { scoped_manifests: true, scoped_forks: false, subfolder: true, forklayer_manifests: false },
    Shape { scoped_manifests: false, scoped_forks: true, subfolder: true, forklayer_manifests: false },
    Shape { scoped_manifests: true, scoped_forks: false, subfolder: false, forklayer_manifests: true },
    Shape { scoped_manifests: true, scoped_forks: true, subfolder: true, forklayer_manifests: true },
];

fn manifest(name: &str, old: &str, new: &str, file: &str) -> String {
    serde_json::json!({"package": name, "builtAgainst": V1, "files": {file: [{"old": old, "new": new}]}}).to_string()
}

/// Writes the JS toolchain's repository of `shape` into `dir` (below
/// `layer/` for a subfolder) and returns the layer's relative path;
/// `reference` is the layer forklayer built, whose manifests a shape may
/// carry.
fn js_repository(dir: &TestDir, shape: Shape, reference: &TestDir) -> &'static str {
    let at = if shape.subfolder { "layer" } else { "." };
    let rel = |path: &str| if shape.subfolder { format!("layer/{path}") } else { path.to_string() };
    dir.write(&rel("upstream/VERSION"), format!("{V1}\n"));
    let mut dependencies = Vec::new();
    for package in upstream(V1) {
        let short = package.name.trim_start_matches("@acme/").to_string();
        dir.write_package(&rel(&format!("upstream/{}", package.name)), &package);
        let fork_dir = if shape.scoped_forks { format!("@acme/{short}") } else { short.clone() };
        dir.write_package(&rel(&format!("profile/forks/{fork_dir}")), &fork(&package));
        dependencies.push(format!("    \"{}\": \"file:./forks/{fork_dir}\"", package.name));
    }
    let name = |short: &str| if shape.scoped_manifests { format!("@acme/{short}") } else { short.to_string() };
    if shape.forklayer_manifests {
        for file in ["tool.json", "tool.diff", "sandbox.json", "sandbox.diff"] {
            dir.write(&rel(&format!("patches/{file}")), reference.read(&format!("patches/{file}")));
        }
    } else {
        dir.write(&rel("patches/tool.json"), manifest(&name("tool"), "'read-only'", "'self-checking'", "lib/index.js"));
        let policy = ("'read-only', ", "'read-only', 'self-checking', ");
        dir.write(&rel("patches/sandbox.json"), manifest(&name("sandbox"), policy.0, policy.1, "lib/policy.js"));
    }
    dir.write(&rel("verify.mjs"), "// the JS toolchain's verifier\n");
    dir.write(
        &rel("profile/package.json"),
        format!("{{\n  \"name\": \"profile\",\n  \"dependencies\": {{\n{}\n  }}\n}}\n", dependencies.join(",\n")),
    );
    if shape.subfolder {
        dir.write("README.md", "# a larger repository\n");
        dir.write("src/other.txt", "other work beside the layer\n");
    }
    commit_all(dir);
    at
}

/// The same bytes as a layer forklayer built itself: snapshot, forks,
/// gen-patches, with the README rule the JS toolchain keeps.
fn forklayer_repository() -> TestDir {
    let dir = TestDir::new();
    dir.write(
        "forklayer.toml",
        format!("[layer]\nscope = \"@acme\"\nbaseline = \"{V1}\"\nignore = [\"README*\"]\n\n[paths]\nupstream = \"upstream\"\nforks = \"profile/forks\"\npatches = \"patches\"\n\n[packages]\nforked = [\"sandbox\", \"tool\"]\ncarried = [\"presets\"]\n"),
    );
    for package in upstream(V1) {
        dir.write(&format!("v1/{}", package.tgz_name()), package.tgz());
        dir.write_package(&format!("profile/forks/{}", package.name), &fork(&package));
    }
    let deps: Vec<String> =
        upstream(V1).iter().map(|p| format!("    \"{}\": \"file:./forks/{}\"", p.name, p.name)).collect();
    dir.write(
        "profile/package.json",
        format!("{{\n  \"name\": \"profile\",\n  \"dependencies\": {{\n{}\n  }}\n}}\n", deps.join(",\n")),
    );
    dir.run(&["snapshot", V1, "--from", "v1"]).assert_code(0);
    dir.run(&["gen-patches"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
    std::fs::remove_dir_all(dir.join("v1")).expect("rm");
    commit_all(&dir);
    dir
}

fn write_next(dir: &TestDir, at: &str) {
    for package in upstream(V2) {
        dir.write(&format!("{at}/new/{}", package.tgz_name()), package.tgz());
    }
}

/// What a merge leaves: the merged fork layer, upstream and manifests.
fn layer_state(dir: &TestDir, at: &str) -> Vec<(String, Vec<u8>, bool)> {
    let mut all = Vec::new();
    for root in ["upstream", "profile/forks", "patches"] {
        let files = dir.snapshot_dir(&format!("{at}/{root}"));
        all.extend(files.into_iter().map(|(p, b, x)| (format!("{root}/{p}"), b, x)));
    }
    all
}

fn merge_outcomes(run: &crate::util::Run) -> serde_json::Value {
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout));
    doc["files"].clone()
}

#[test]
fn every_shape_adopts_checks_and_merges_exactly_as_a_layer_forklayer_built() {
    let reference = forklayer_repository();
    let built = forklayer_repository();
    write_next(&reference, ".");
    let reference_merge = reference.run(&["--json", "merge", V2, "--from", "new"]);
    reference_merge.assert_code(0);
    reference.run(&["check"]).assert_code(0);
    let expected = layer_state(&reference, ".");
    for &shape in SHAPES {
        let dir = TestDir::new();
        let at = js_repository(&dir, shape, &built);
        // `-C layer adopt .` and `adopt layer` are the same.
        let adopt = if shape.subfolder {
            dir.run(&["--json", "adopt", at, "--offline"])
        } else {
            dir.run(&["--json", "-C", at, "adopt", ".", "--offline"])
        };
        adopt.assert_code(0);
        let run = dir.run(&["-C", at, "check"]);
        run.assert_code(0);
        assert!(
            !run.stderr.contains(dir.path().to_str().expect("utf8")),
            "{shape:?}: paths are relative to the layer:\n{}",
            run.stderr
        );
        commit_all(&dir);
        write_next(&dir, at);
        let merged = dir.run(&["--json", "-C", at, "merge", V2, "--from", "new"]);
        merged.assert_code(0);
        assert_eq!(merge_outcomes(&merged), merge_outcomes(&reference_merge), "{shape:?}");
        dir.run(&["-C", at, "check"]).assert_code(0);
        assert_eq!(layer_state(&dir, at), expected, "{shape:?}: the merged layer is the reference's, byte for byte");
        if shape.subfolder {
            assert_eq!(dir.read("src/other.txt"), b"other work beside the layer\n", "{shape:?}");
        }
    }
}

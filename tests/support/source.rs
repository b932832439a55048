//! The workspace's own source for the tests that read it (the layers' invariants, the catalog's
//! keys, the crates' manifests): every `.rs` file under `src/` and `crates/*/src/`, with its
//! path relative to the workspace's root (`/` separators), and each crate's dependencies.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The workspace's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every Rust file of the workspace's code (not its tests/ or benches/): (path, text).
pub fn rust_files() -> Vec<(String, String)> {
    let root = root();
    let mut stack: Vec<PathBuf> = vec![root.join("src")];
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        stack.push(krate.unwrap().path().join("src"));
    }
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((relative(&root, &path), text));
            }
        }
    }
    files.sort();
    files
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap()
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// One crate of the workspace as its manifest declares it.
#[derive(Debug, Default)]
pub struct Manifest {
    /// The names of its normal dependencies (what its library links), optional ones included.
    pub normal: Vec<String>,
    /// The ones only its tests and benches use.
    pub dev: Vec<String>,
}

/// Every crate under `crates/`, by folder name (`rules`, `table`, …), and the root package as
/// `pakka`.
pub fn manifests() -> BTreeMap<String, Manifest> {
    let root = root();
    let mut out = BTreeMap::new();
    out.insert("pakka".to_string(), manifest(&root.join("Cargo.toml")));
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = krate.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        out.insert(name, manifest(&dir.join("Cargo.toml")));
    }
    out
}

/// A manifest's `[dependencies]` and `[dev-dependencies]` (also as `[dependencies.name]`
/// tables), read line by line: the workspace's manifests use no other form.
fn manifest(path: &Path) -> Manifest {
    let text = std::fs::read_to_string(path).unwrap();
    let mut m = Manifest::default();
    let mut section = String::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.trim_matches(|c| c == '[' || c == ']').to_string();
            for (prefix, list) in [
                ("dependencies.", &mut m.normal),
                ("dev-dependencies.", &mut m.dev),
            ] {
                if let Some(name) = section.strip_prefix(prefix) {
                    list.push(name.to_string());
                }
            }
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(name) = line.split(['=', '.', ' ']).next() else {
            continue;
        };
        match section.as_str() {
            "dependencies" => m.normal.push(name.to_string()),
            "dev-dependencies" => m.dev.push(name.to_string()),
            _ => {}
        }
    }
    m
}

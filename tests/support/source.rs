//! The crate's own source for the tests that read it (the layers' invariants, the catalog's
//! keys): every `.rs` file under `src/`, with its path relative to `src/` (`/` separators).

use std::path::{Path, PathBuf};

/// Every Rust file under `src/`: (path relative to `src/`, text).
pub fn rust_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                files.push((rel, text));
            }
        }
    }
    files.sort();
    files
}

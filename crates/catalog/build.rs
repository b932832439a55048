//! Rebuilds when a message file changes: the message catalog embeds every
//! `locales/<lang>/*.ftl` (at the workspace's root) through the list written here.
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=../../locales");
    // Read where cargo runs the script (not where it was compiled), and embed by a path
    // relative to the crate, so that checkouts sharing one target directory (worktrees) each
    // embed their own files.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("../../locales");
    let mut files = Vec::new();
    for lang in std::fs::read_dir(&root).expect("locales/ exists") {
        let lang = lang.expect("readable locales/").path();
        if !lang.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&lang).expect("readable language folder") {
            let file = file.expect("readable language folder").path();
            if file.extension().is_some_and(|e| e == "ftl") {
                let lang_name = lang.file_name().unwrap().to_string_lossy().into_owned();
                let file_name = file.file_name().unwrap().to_string_lossy().into_owned();
                files.push((lang_name, file_name));
            }
        }
    }
    files.sort();
    let mut out = String::from("/// Every message file: (language, file name, text).\n");
    out.push_str("pub static FILES: &[(&str, &str, &str)] = &[\n");
    for (lang, name) in &files {
        let path = format!("/../../locales/{lang}/{name}");
        writeln!(
            out,
            "    ({lang:?}, {name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {path:?}))),",
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("locales.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

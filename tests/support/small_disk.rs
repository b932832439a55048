//! A small filesystem of a test's own for a SQLite file, to fill to its last byte: a tmpfs of
//! 16 MiB the test mounts (which needs root: elsewhere the test says it is skipped and why),
//! unmounted when dropped.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// A tmpfs of 16 MiB the test mounts for its SQLite file, unmounted when dropped.
pub struct SmallDisk {
    dir: PathBuf,
    filler: PathBuf,
}

impl SmallDisk {
    /// Mounted, or None after saying why the test is skipped (mounting needs root).
    pub fn mount(test: &str) -> Option<SmallDisk> {
        let dir = std::env::temp_dir().join(format!(
            "pakka-small-disk-{}-{}",
            std::process::id(),
            test.replace("::", "-")
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=16m", "tmpfs"])
            .arg(&dir)
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(SmallDisk {
                filler: dir.join("filler"),
                dir,
            }),
            Ok(out) => {
                eprintln!(
                    "skipped {test}: could not mount a small filesystem (it needs root): {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                let _ = std::fs::remove_dir(&dir);
                None
            }
            Err(e) => {
                eprintln!("skipped {test}: could not run mount: {e}");
                let _ = std::fs::remove_dir(&dir);
                None
            }
        }
    }

    pub fn database(&self) -> PathBuf {
        self.dir.join("pakka.db")
    }

    /// Fills the filesystem to its last byte. The write-ahead log is first folded back and
    /// emptied (a checkpoint of the test's own connection), so that the next commit must grow it.
    pub async fn fill(&self) {
        use sqlx::Connection;
        let url = format!("sqlite://{}", self.database().display());
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        for _ in 0..50 {
            let (busy, _, _): (i64, i64, i64) = sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)")
                .fetch_one(&mut conn)
                .await
                .unwrap();
            if busy == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        conn.close().await.unwrap();
        let wal = PathBuf::from(format!("{}-wal", self.database().display()));
        assert_eq!(
            std::fs::metadata(&wal).map_or(0, |m| m.len()),
            0,
            "the log is empty"
        );
        fill_up(&self.filler);
    }

    pub fn free(&self) {
        std::fs::remove_file(&self.filler).unwrap();
    }
}

/// Writes zeros to `path` until the filesystem has no byte left.
fn fill_up(path: &Path) {
    use std::io::Write;
    let mut file = std::fs::File::create(path).unwrap();
    let block = vec![0u8; 4096];
    loop {
        match file.write(&block) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.raw_os_error() == Some(28) => break,
            Err(e) => panic!("filling the small filesystem: {e}"),
        }
    }
    let _ = file.sync_all();
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.dir)
            .status();
        let _ = std::fs::remove_dir(&self.dir);
    }
}

//! The real `pakka` binary as a child process against the fake Discord, configured by its
//! environment as an operator would: the token, the database, `DISCORD_HTTP_PROXY` pointing at
//! the fake, computer players without a pause, no limit on a server's tables, and any other
//! setting (`SHARDS`) a test adds. Its log goes to a file the test can read; it is killed with SIGKILL
//! (the harshest stop) by `kill` and when it is dropped, so a failing test leaves no process
//! behind; `terminate` stops it as `docker stop` does (SIGTERM, then a bounded wait). What the load generator (`load.rs`) and the multi-process tests (`e2e_shards.rs`)
//! start.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::fake_discord::FakeDiscord;

/// How to start one bot process.
pub struct BotCommand {
    command: Command,
    log: PathBuf,
    /// Run under `BOT_WRAPPER`: the process is a group of its own, killed as one (a wrapper's
    /// child would outlive the wrapper).
    wrapped: bool,
}

impl BotCommand {
    /// The bot on `database_url`, talking to `fake` through `DISCORD_HTTP_PROXY`, with its
    /// working directory `dir` and its log (appended) in `log`. `core` pins it to one CPU core
    /// (`taskset`), for benchmarks.
    pub fn new(fake: &FakeDiscord, database_url: &str, dir: &Path, log: &Path) -> BotCommand {
        BotCommand::pinned(fake, database_url, dir, log, None)
    }

    /// As [`BotCommand::new`], pinned to `core` when given.
    pub fn pinned(
        fake: &FakeDiscord,
        database_url: &str,
        dir: &Path,
        log: &Path,
        core: Option<u32>,
    ) -> BotCommand {
        let exe = env!("CARGO_BIN_EXE_pakka");
        // `BOT_WRAPPER` runs the bot under a tool (a heap profiler: `heaptrack -o /tmp/bot`).
        let mut line: Vec<String> = std::env::var("BOT_WRAPPER")
            .map(|w| w.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default();
        line.push(exe.to_owned());
        if let Some(core) = core {
            line.splice(
                0..0,
                ["taskset".to_owned(), "-c".to_owned(), core.to_string()],
            );
        }
        let wrapped = line.len() > 1 + usize::from(core.is_some()) * 3;
        let mut command = Command::new(&line[0]);
        command.args(&line[1..]);
        if wrapped {
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
        }
        command
            .current_dir(dir)
            .env("DISCORD_TOKEN", FakeDiscord::TOKEN)
            .env("DATABASE_URL", database_url)
            .env("DISCORD_HTTP_PROXY", fake.base_url())
            .env("COMPUTER_PAUSE_MS", "0")
            .env("RUST_LOG", "warn")
            // The log is a file a test reads: plain text.
            .env("NO_COLOR", "1")
            // Many tables to a server, each with its own people.
            .env("MAX_TABLES_PER_SERVER", "0")
            .env_remove("DEV_GUILD_ID")
            .env_remove("SHARDS")
            .stdin(Stdio::null());
        BotCommand {
            command,
            log: log.to_path_buf(),
            wrapped,
        }
    }

    /// Sets one more variable of the bot's environment.
    pub fn env(mut self, name: &str, value: &str) -> BotCommand {
        self.command.env(name, value);
        self
    }

    /// Starts the process, its standard output (where tracing writes) and error appended to
    /// the log file.
    pub fn spawn(mut self) -> BotProcess {
        let open = || {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.log)
                .expect("the bot's log file opens")
        };
        self.command.stdout(open()).stderr(open());
        let child = self.command.spawn().expect("the pakka binary starts");
        BotProcess {
            child: Some(child),
            log: self.log,
            wrapped: self.wrapped,
        }
    }

    /// Starts the process and waits (up to a minute) until it has registered its commands:
    /// poise does that once the first of its shards is ready.
    pub async fn start(self, fake: &FakeDiscord) -> BotProcess {
        let before = fake.command_registrations();
        let mut bot = self.spawn();
        bot.wait_registered(fake, before).await;
        bot
    }
}

/// A running bot process.
pub struct BotProcess {
    child: Option<Child>,
    log: PathBuf,
    /// Started under `BOT_WRAPPER`, as a process group of its own.
    wrapped: bool,
}

impl BotProcess {
    /// Waits until the bot has registered its commands more often than `before` times in all,
    /// and panics with its log when it does not within a minute (or exits).
    pub async fn wait_registered(&mut self, fake: &FakeDiscord, before: u32) {
        let probe = fake.clone();
        let registered = fake
            .wait_until(Duration::from_secs(60), move |_| {
                probe.command_registrations() > before
            })
            .await;
        if registered.is_err() {
            panic!(
                "the bot did not register its commands; its log:\n{}",
                self.log()
            );
        }
    }

    /// The process id (0 once killed).
    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    /// The process's resident memory now, KiB (0 once killed).
    pub fn resident_kib(&self) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .unwrap_or_default()
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    /// Whether the process was started and not killed.
    pub fn running(&self) -> bool {
        self.child.is_some()
    }

    /// SIGKILL, then waits for the process to go (its sockets close with it).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            if self.wrapped {
                // The whole group: the wrapper and the bot it started.
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{}", child.id())])
                    .status();
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// SIGTERM, then waits up to `within` for the process to exit by itself: its exit status
    /// and how long the stop took, or None when it did not exit in time (it is then killed).
    /// Blocks the calling thread while it waits.
    pub fn terminate(&mut self, within: Duration) -> Option<(ExitStatus, Duration)> {
        let mut child = self.child.take()?;
        let sent = Instant::now();
        let signalled = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(signalled, "kill -TERM {} failed", child.id());
        while sent.elapsed() < within {
            if let Ok(Some(status)) = child.try_wait() {
                return Some((status, sent.elapsed()));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
        None
    }

    /// Everything the process logged so far.
    pub fn log(&self) -> String {
        match std::fs::read(&self.log) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => format!("(cannot read {}: {e})", self.log.display()),
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

//! `pakka replay <db> <game id>`: every step of a finished game printed in the terminal's
//! language, as `/replay` steps through it on Discord: before each move's public view, what
//! the move did, who moves next; at the end the result and every hand as dealt. The steps come
//! from `table::Replay` (views only); this file words them. The database is a `DATABASE_URL`
//! (`sqlite://…`, `postgres://…`) or a SQLite file, which must exist: a mistyped path is
//! refused rather than created empty.

use std::io::{self, Write};
use std::path::Path;

use crate::catalog::{catalog, NoNames};
use crate::msg;
use crate::store::{Store, StoreError};
use crate::table::{level_name, load_replay, ReplayError, ReplayStep, TableId};
use crate::text::{list_of, seat, verbatim, Msg};

/// Why `pakka replay` printed nothing.
#[derive(Debug, thiserror::Error)]
pub enum ReplayCliError {
    /// No SQLite database at this path.
    #[error("no database at {0}")]
    NoDatabase(String),
    #[error("cannot open the database: {0}")]
    Store(#[from] StoreError),
    #[error("{0}")]
    Replay(#[from] ReplayError),
    #[error("cannot write: {0}")]
    Write(#[from] io::Error),
}

impl ReplayCliError {
    /// The sentence for the person at the terminal (a bug's and an outage's detail included:
    /// the terminal is the operator's).
    pub fn msg(&self) -> Msg {
        match self {
            ReplayCliError::NoDatabase(path) => {
                msg!("replay-cli-no-database", path = verbatim(path.clone()))
            }
            ReplayCliError::Replay(e) if !e.is_internal() => e.msg(),
            other => msg!("replay-cli-failed", detail = verbatim(other.to_string())),
        }
    }
}

/// The store a `DATABASE_URL` or a SQLite file names; a SQLite file must exist already.
pub async fn open(db: &str) -> Result<Store, ReplayCliError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        return Ok(Store::open(db).await?);
    }
    let path = db
        .strip_prefix("sqlite://")
        .or_else(|| db.strip_prefix("sqlite:"))
        .unwrap_or(db);
    let file = path.split('?').next().unwrap_or(path);
    if !Path::new(file).is_file() {
        return Err(ReplayCliError::NoDatabase(file.to_string()));
    }
    Ok(Store::open(&format!("sqlite://{path}")).await?)
}

/// Prints every step of finished game `id` from database `db` in `lang`.
pub async fn run(
    db: &str,
    id: TableId,
    lang: &str,
    out: &mut dyn Write,
) -> Result<(), ReplayCliError> {
    let store = open(db).await?;
    let loaded = load_replay(&store, id, None).await;
    store.close().await;
    let replay = loaded?;
    let steps = replay.steps()?;
    let w = |m: &Msg, names: &[String]| catalog().text(lang, m, &names);
    let names = steps
        .first()
        .map(|s| seat_names(s, lang))
        .unwrap_or_default();
    let header = msg!(
        "replay-cli-header",
        game = replay.game_name(),
        id = verbatim(id.to_string()),
        moves = replay.moves()
    );
    writeln!(out, "{}", w(&header, &names))?;
    for step in &steps {
        writeln!(out)?;
        for line in lines(step) {
            writeln!(out, "{}", w(&line, &names))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The seats as the terminal names them: a person by seat and Discord user id (the terminal
/// knows no display name), a computer player by seat and level.
fn seat_names(step: &ReplayStep, lang: &str) -> Vec<String> {
    step.view
        .seats
        .iter()
        .map(|s| {
            let name = match (s.computer, s.user) {
                (Some(level), _) => msg!(
                    "replay-cli-computer",
                    n = s.seat + 1,
                    level = level_name(level)
                ),
                (None, Some(user)) => msg!(
                    "replay-cli-person",
                    n = s.seat + 1,
                    user = verbatim(user.to_string())
                ),
                (None, None) => return catalog().seat(lang, s.seat, &NoNames),
            };
            catalog().text(lang, &name, &NoNames)
        })
        .collect()
}

/// One step's lines: its position, the public view, what the move did, and who moves next —
/// or at the end the result and the hands as dealt.
fn lines(step: &ReplayStep) -> Vec<Msg> {
    let view = &step.view;
    let position = msg!("replay-position", step = step.step, moves = step.moves);
    let mut lines = vec![msg!("replay-cli-step", position = position)];
    lines.extend(view.public.iter().flatten().cloned());
    match step.mover {
        None => lines.push(msg!("replay-start")),
        Some(mover) if view.story.is_empty() => lines.push(msg!(
            "cli-told",
            what = msg!("replay-moved", who = seat(mover))
        )),
        Some(_) => {}
    }
    lines.extend(
        view.story
            .iter()
            .map(|event| msg!("cli-told", what = event.clone())),
    );
    if !step.last() {
        if let Some(status) = view.status.as_ref().filter(|s| !s.to_act.is_empty()) {
            let who = list_of(
                status.to_act.iter().map(|&s| seat(s)),
                crate::key!("sep-and"),
            );
            lines.push(msg!("replay-next", who = who));
        }
        return lines;
    }
    lines.push(msg!("replay-over"));
    for p in &view.places {
        let who = list_of(p.seats.iter().map(|&s| seat(s)), crate::key!("sep-and"));
        lines.push(match &p.score {
            Some(points) => msg!(
                "replay-place-points",
                place = p.place,
                who = who,
                points = points.clone()
            ),
            None => msg!("replay-place", place = p.place, who = who),
        });
    }
    lines.push(msg!("replay-dealt"));
    for dealt in &step.dealt {
        if step.dealt.len() > 1 {
            lines.push(msg!("replay-dealt-deal", deal = dealt.deal));
        }
        for (s, hand) in dealt.hands.iter().enumerate() {
            lines.push(if hand.is_empty() {
                msg!("replay-hand-none", who = seat(s))
            } else {
                msg!("replay-hand", who = seat(s), cards = hand.clone())
            });
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    //! `pakka replay`: a finished game prints every step, then the hands as dealt.

    use super::*;
    use crate::table::replay_fixtures::{finished_in, GUILD};
    use crate::table::TableService;

    async fn printed(db: &str, id: TableId, lang: &str) -> Result<String, ReplayCliError> {
        let mut out = Vec::new();
        run(db, id, lang, &mut out).await?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[tokio::test]
    async fn prints_every_step_then_the_hands_as_dealt() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pakka.db");
        let url = format!("sqlite://{}", path.display());
        let service = TableService::new(Store::open(&url).await.unwrap());
        let id = finished_in(&service, "matapesa", 4, 2, 20).await;
        let replay = service.replay(id, GUILD).await.unwrap();
        let steps = replay.steps().unwrap();
        let moves = replay.moves();

        let text = printed(path.to_str().unwrap(), id, "en-US").await.unwrap();
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some(format!("Mätäpesä · game {id} · {moves} moves").as_str())
        );
        let marks: Vec<&str> = text.lines().filter(|l| l.starts_with("── ")).collect();
        assert_eq!(marks.len(), moves + 1, "one block per step");
        assert_eq!(
            marks[0],
            format!("── Before the first move · {moves} moves ──")
        );
        assert_eq!(marks[moves], format!("── Move {moves} of {moves} ──"));
        let (before, end) = text.split_at(text.find(marks[moves]).unwrap());
        assert!(!before.contains("as dealt"), "the hands only at the end");
        assert!(before.contains("› Computer 2 (normal) played"), "{before}");
        assert!(before.contains("▶ Next: Player 1 (user 1)"), "{before}");
        assert!(end.contains("🏁 The game is over."));
        assert!(end.contains("🂠 The hands as dealt:"));
        let names = [
            "Player 1 (user 1)",
            "Computer 2 (normal)",
            "Computer 3 (normal)",
            "Computer 4 (normal)",
        ];
        let dealt = &steps[moves].dealt;
        assert_eq!(dealt.len(), 1);
        for (s, hand) in dealt[0].hands.iter().enumerate() {
            let cards: Vec<String> = hand.iter().map(|c| c.pretty()).collect();
            let line = format!("{}: {}", names[s], cards.join(" "));
            assert!(end.contains(&line), "{line:?} in {end}");
        }
        // The same from a DATABASE_URL, and in Finnish.
        assert_eq!(printed(&url, id, "en-US").await.unwrap(), text);
        let finnish = printed(&url, id, "fi").await.unwrap();
        assert!(finnish.contains("Kädet sellaisina kuin ne jaettiin:"));
        assert!(finnish.contains(&format!("── Siirto {moves}/{moves} ──")));

        // Refusals: a game that does not exist, a game still running, no such database.
        let e = printed(&url, 999, "en-US").await.unwrap_err();
        assert!(matches!(
            e,
            ReplayCliError::Replay(ReplayError::Unknown(999))
        ));
        assert_eq!(
            crate::catalog::en(&e.msg()),
            "There is no game number 999. `/history` lists the finished games."
        );
        let mut running = crate::table::replay_fixtures::request("kop", 4, 3, 21);
        running.bots = 3;
        let view = service.create(running).await.unwrap();
        let e = printed(&url, view.id, "en-US").await.unwrap_err();
        assert!(matches!(e, ReplayCliError::Replay(ReplayError::Running(_))));
        let missing = dir.path().join("typo.db");
        let e = printed(missing.to_str().unwrap(), id, "en-US")
            .await
            .unwrap_err();
        assert!(matches!(e, ReplayCliError::NoDatabase(_)));
        assert!(!missing.exists(), "a mistyped path is not created");
        assert!(crate::catalog::en(&e.msg()).starts_with("there is no database at "));
    }
}

//! `pakka play`: any game in the terminal against computer players. You sit at seat 0; the
//! screen shows your view as text and your legal actions numbered (grouped actions stay flat
//! here: a terminal has no 25-button limit); type a number to play it, `q` to quit. Computer
//! players move at once and their moves are told in words. Every word comes from the catalog
//! (`cli.ftl` and the games' files); the terminal names the seats itself: "Seat 0 (you)" (which
//! reads well in any sentence) and "Computer N".

use std::io::{BufRead, Write};

use anyhow::Context as _;

use crate::ai::{self, Level, Observation};
use crate::catalog::{en, en_lines, en_named};
use crate::msg;
use crate::rules::registry;
use crate::rules::{Observer, Setup};
use crate::table::{level_name, Place};
use crate::text::{list_of, seat, verbatim, Msg};

pub struct PlayConfig {
    pub game: String,
    pub seats: Option<usize>,
    pub level: Level,
    pub seed: Option<u64>,
    pub options: String,
}

/// Plays one game on the given input and output; answers when it ends or the player quits.
pub fn run(
    config: &PlayConfig,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let info =
        registry::find(&config.game).with_context(|| en(&super::unknown_game(&config.game)))?;
    let seats = config.seats.unwrap_or(info.seats.0);
    let options = info
        .parse_options(&config.options)
        .map_err(|e| anyhow::Error::msg(en(&e.msg())))?;
    let seed = config.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
    let mut game = info
        .create(options, seats, Setup::seeded(seed))
        .map_err(|e| anyhow::Error::msg(en(&e.msg())))?;
    let names: Vec<String> = (0..seats)
        .map(|s| {
            let name = if s == 0 {
                msg!("cli-seat-you", n = s)
            } else {
                msg!("cli-seat-computer", n = s)
            };
            en(&name)
        })
        .collect();
    let header = msg!(
        "cli-play-header",
        game = info.name(),
        seats = seats,
        level = level_name(config.level),
        seed = verbatim(seed.to_string())
    );
    writeln!(out, "{}", en_named(&header, &names))?;
    let mut decision = 0u64;
    loop {
        let status = game.status();
        if status.over {
            writeln!(
                out,
                "\n{}",
                en_lines(&game.describe(Observer::Seat(0)), &names)
            )?;
            writeln!(out, "{}", en_named(&msg!("cli-game-over"), &names))?;
            for place in Place::of(&status) {
                writeln!(out, "{}", en_named(&place_line(&place), &names))?;
            }
            return Ok(());
        }
        // The first seat listed moves; an optional call of another seat (Pishe Pasha's Stop) is
        // not offered in the terminal.
        let seat = status.to_act[0];
        if seat != 0 {
            decision += 1;
            let choice = ai::choose(
                &Observation::new(game.as_ref(), seat),
                config.level,
                seed ^ decision,
            );
            let label = game
                .choices(seat)
                .get(choice.index)
                .map(|c| en_named(&c.label, &names))
                .unwrap_or_default();
            game.act_index(seat, choice.index).map_err(|e| {
                anyhow::Error::msg(en(&msg!("cli-computer-refused", reason = e.msg())))
            })?;
            let told = msg!(
                "cli-computer-move",
                who = self::seat(seat),
                action = verbatim(label)
            );
            writeln!(out, "{}", en_named(&told, &names))?;
            continue;
        }
        writeln!(
            out,
            "\n{}",
            en_lines(&game.describe(Observer::Seat(0)), &names)
        )?;
        let choices = game.choices(0);
        for (i, c) in choices.iter().enumerate() {
            writeln!(out, "  {:>2}. {}", i + 1, en_named(&c.label, &names))?;
        }
        loop {
            write!(
                out,
                "{}",
                en_named(&msg!("cli-prompt", last = choices.len()), &names)
            )?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                return Ok(());
            }
            let line = line.trim();
            if line.eq_ignore_ascii_case("q") {
                return Ok(());
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=choices.len()).contains(&n) => {
                    if let Some(question) = &choices[n - 1].confirm {
                        let ask = msg!("cli-confirm", question = question.clone());
                        write!(out, "{}", en_named(&ask, &names))?;
                        out.flush()?;
                        let mut answer = String::new();
                        input.read_line(&mut answer)?;
                        if !answer.trim().eq_ignore_ascii_case("y") {
                            continue;
                        }
                    }
                    game.act_index(0, n - 1)
                        .map_err(|e| anyhow::Error::msg(en_named(&e.msg(), &names)))?;
                    break;
                }
                _ => writeln!(
                    out,
                    "{}",
                    en_named(&msg!("cli-type-number", last = choices.len()), &names)
                )?,
            }
        }
    }
}

/// One place of the final ranking: the seats sharing it and their points, if counted.
fn place_line(p: &Place) -> Msg {
    let who = list_of(p.seats.iter().map(|&s| seat(s)), crate::key!("sep-comma"));
    match p.points_msg() {
        None => msg!("cli-place", place = p.place, who = who),
        Some(points) => msg!(
            "cli-place-points",
            place = p.place,
            who = who,
            points = points
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_game_from_typed_moves() {
        let config = PlayConfig {
            game: "pishe-pasha".into(),
            seats: None,
            level: Level::Normal,
            seed: Some(4),
            options: String::new(),
        };
        // Bad input first, then always the first action.
        let mut input = std::io::Cursor::new(format!("x\n0\n{}", "1\n".repeat(5000)));
        let mut out = Vec::new();
        run(&config, &mut input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Type a number from 1 to"));
        assert!(text.contains("Computer 1: "));
        assert!(
            text.contains("Game over."),
            "{}",
            &text[text.len().saturating_sub(500)..]
        );
    }

    #[test]
    fn quitting_and_unknown_games() {
        let mut config = PlayConfig {
            game: "pisha-pasha".into(),
            seats: Some(3),
            level: Level::Easy,
            seed: Some(1),
            options: "stop_rule=true".into(),
        };
        let mut out = Vec::new();
        run(&config, &mut std::io::Cursor::new("q\n"), &mut out).unwrap();
        config.game = "poker".into();
        let err = run(&config, &mut std::io::Cursor::new(""), &mut out).unwrap_err();
        assert!(err.to_string().contains("the games are"));
    }
}

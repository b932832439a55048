//! `pakka play`: any game in the terminal against computer players, offered the way Discord
//! offers it. You sit at the first seat (seat 0 in the rules and the engine, "Seat 1" on
//! screen); the screen shows your view as text and your legal actions as numbered choices in
//! Discord's two steps: actions in order, each group of two or more (the game's `Choice::group`,
//! Paston's "Discard 7♠ and …") at its first member's place, then the group's actions and
//! "Back"; an action with a question (`Choice::confirm`) is asked first
//! (y/n), and a costly one (`Tone::Danger`, a surrender) is marked. Type a number, `q` to quit.
//!
//! What happened is told after every move, yours and the computer players' alike, in the
//! game's own event sentences (`Told::text`, Discord's story), with the running scores after
//! each deal and the final ranking in the game's own count (`AnyGame::score`). Every word comes
//! from the catalog (`cli.ftl` and the games' files) in the language asked for
//! (`PlayConfig::lang`); the terminal names the seats itself, counted from 1 as a Discord lobby
//! counts them, "Seat 1 (you)" and "Computer N": third-person names, so every sentence's verb
//! agrees.
//! The loop reads any `BufRead` and writes any `Write`, so it runs without a terminal in tests.

use std::io::{self, BufRead, Write};

use anyhow::Context as _;

use crate::ai::{self, Level, Observation};
use crate::catalog::{catalog, NoNames};
use crate::msg;
use crate::rules::registry;
use crate::rules::{AnyGame, Choice};
use crate::rules::{Observer, Setup, Status, Tone};
use crate::table::{level_name, Place};
use crate::text::{list, list_of, seat, verbatim, Msg};

/// What `pakka play` was asked for on the command line.
pub struct PlayConfig {
    pub game: String,
    pub seats: Option<usize>,
    pub level: Level,
    pub seed: Option<u64>,
    pub options: String,
    /// The shipped language to word everything in (`cli::lang()` on the command line).
    pub lang: &'static str,
}

/// Plays one game on the given input and output; answers when it ends, when the player quits
/// (`q`) or when the input ends.
pub fn run(
    config: &PlayConfig,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let lang = config.lang;
    let word = |msg: &Msg| catalog().text(lang, msg, &NoNames);
    let info =
        registry::find(&config.game).with_context(|| word(&super::unknown_game(&config.game)))?;
    let seats = config.seats.unwrap_or(info.seats.0);
    let options = info
        .parse_options(&config.options)
        .map_err(|e| anyhow::Error::msg(word(&e.msg())))?;
    let seed = config.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
    let mut game = info
        .create(options, seats, Setup::seeded(seed))
        .map_err(|e| anyhow::Error::msg(word(&info.refusal(&e))))?;
    let mut term = Terminal {
        input,
        out,
        names: seat_names(lang, seats),
        lang,
    };
    term.say(&msg!(
        "cli-play-header",
        game = info.name(),
        seats = seats,
        level = level_name(config.level),
        seed = verbatim(seed.to_string())
    ))?;
    let mut deal = game.status().deal;
    let mut decision = 0u64;
    loop {
        let status = game.status();
        if status.deal != deal || status.over {
            if let Some(line) = deal_scores(game.as_ref(), &status, deal) {
                term.say(&line)?;
            }
            deal = status.deal;
        }
        if status.over {
            term.blank()?;
            term.lines(&game.describe(Observer::Seat(0)))?;
            term.say(&msg!("cli-game-over"))?;
            for place in Place::of(&status) {
                term.say(&place_line(game.as_ref(), &status, &place))?;
            }
            return Ok(());
        }
        // The first seat listed moves; an optional call of another seat (Pishe Pasha's Stop) is
        // not offered in the terminal.
        let mover = status.to_act[0];
        let index = if mover == 0 {
            match your_move(game.as_ref(), &mut term)? {
                Some(index) => index,
                None => return Ok(()),
            }
        } else {
            decision += 1;
            ai::choose(
                &Observation::new(game.as_ref(), mover),
                config.level,
                seed ^ decision,
            )
            .index
        };
        let (_, told) = game.act_at(mover, index).map_err(|e| {
            let reason = e.msg();
            let refused = if mover == 0 {
                reason
            } else {
                msg!("cli-computer-refused", reason = reason)
            };
            anyhow::Error::msg(term.text(&refused))
        })?;
        for t in &told {
            term.say(&msg!("cli-told", what = t.text.clone()))?;
        }
    }
}

/// The seats' names in the terminal: third-person names that read well as the subject of any
/// sentence ("Seat 1 (you) is declarer").
fn seat_names(lang: &str, seats: usize) -> Vec<String> {
    (0..seats)
        .map(|s| {
            // Counted from 1, as a Discord lobby counts them.
            let name = if s == 0 {
                msg!("cli-seat-you", n = s + 1)
            } else {
                msg!("cli-seat-computer", n = s + 1)
            };
            catalog().text(lang, &name, &NoNames)
        })
        .collect()
}

/// The person's turn: the view, the first step of the choices, then a group's actions or a
/// question where the game has one; answers the chosen action's place among the seat's legal
/// actions. `None` when the player quits or the input ends.
fn your_move(
    game: &dyn AnyGame,
    term: &mut Terminal<'_, impl BufRead, impl Write>,
) -> io::Result<Option<usize>> {
    term.blank()?;
    term.lines(&game.describe(Observer::Seat(0)))?;
    let choices = game.choices(0);
    let entries = entries(&choices);
    loop {
        for (n, entry) in entries.iter().enumerate() {
            let label = match entry {
                Entry::Action(i) => choice_label(&choices[*i]),
                Entry::Group(group, _) => msg!("cli-choice-group", group = (*group).clone()),
            };
            term.numbered(n + 1, &label)?;
        }
        let Some(n) = term.pick(entries.len())? else {
            return Ok(None);
        };
        let index = match &entries[n - 1] {
            Entry::Action(i) => *i,
            Entry::Group(group, members) => {
                term.say(&msg!("cli-group-title", group = (*group).clone()))?;
                for (k, &i) in members.iter().enumerate() {
                    term.numbered(k + 1, &choice_label(&choices[i]))?;
                }
                let back = members.len() + 1;
                term.numbered(back, &msg!("cli-back"))?;
                match term.pick(back)? {
                    None => return Ok(None),
                    Some(k) if k == back => continue,
                    Some(k) => members[k - 1],
                }
            }
        };
        if let Some(question) = &choices[index].confirm {
            match term.confirm(question)? {
                None => return Ok(None),
                Some(false) => {
                    term.say(&msg!("cli-not-played"))?;
                    continue;
                }
                Some(true) => {}
            }
        }
        return Ok(Some(index));
    }
}

/// An action's label, marked when it costs the player (a surrender).
fn choice_label(choice: &Choice) -> Msg {
    match choice.tone {
        Tone::Danger => msg!("cli-choice-danger", label = choice.label.clone()),
        Tone::Main | Tone::Other => choice.label.clone(),
    }
}

/// One entry of the first step: an action (its index in the choices) or a group of two or more.
#[derive(Debug, PartialEq)]
enum Entry<'a> {
    Action(usize),
    Group(&'a Msg, Vec<usize>),
}

/// The first step exactly as Discord offers it (`discord::render`): actions in order, each
/// group of two or more at its first member's place, a group of one offered directly.
fn entries(choices: &[Choice]) -> Vec<Entry<'_>> {
    let mut groups: Vec<(&Msg, Vec<usize>)> = Vec::new();
    for (i, c) in choices.iter().enumerate() {
        if let Some(g) = &c.group {
            match groups.iter_mut().find(|(label, _)| *label == g) {
                Some((_, members)) => members.push(i),
                None => groups.push((g, vec![i])),
            }
        }
    }
    let mut shown = vec![false; groups.len()];
    let mut out = Vec::new();
    for (i, c) in choices.iter().enumerate() {
        let Some(g) = &c.group else {
            out.push(Entry::Action(i));
            continue;
        };
        let Some(k) = groups.iter().position(|(label, _)| *label == g) else {
            continue;
        };
        if groups[k].1.len() == 1 {
            out.push(Entry::Action(i));
        } else if !shown[k] {
            shown[k] = true;
            out.push(Entry::Group(groups[k].0, groups[k].1.clone()));
        }
    }
    out
}

/// "After deal 2: Seat 1 (you) 17 points · Computer 2 −4 points", when a deal of a match with
/// running scores has just ended.
fn deal_scores(game: &dyn AnyGame, status: &Status, deal: u32) -> Option<Msg> {
    let scores = status.scores.as_ref()?;
    let each = scores
        .iter()
        .enumerate()
        .map(|(s, &points)| msg!("cli-seat-score", who = seat(s), score = game.score(points)))
        .collect();
    Some(msg!(
        "cli-deal-scores",
        deal = deal,
        scores = list(each, crate::key!("sep-dot"))
    ))
}

/// One place of the final ranking: the seats sharing it, each with its score as the game counts
/// it, where the game keeps scores.
fn place_line(game: &dyn AnyGame, status: &Status, p: &Place) -> Msg {
    let who = match &status.scores {
        None => list_of(p.seats.iter().map(|&s| seat(s)), crate::key!("sep-comma")),
        Some(scores) => list(
            p.seats
                .iter()
                .map(|&s| {
                    let points = scores.get(s).copied().unwrap_or_default();
                    msg!("cli-seat-score", who = seat(s), score = game.score(points))
                })
                .collect(),
            crate::key!("sep-comma"),
        ),
    };
    msg!("cli-place", place = p.place, who = who)
}

/// The terminal: where words go and answers come from, with the seats' names and the language.
struct Terminal<'a, R, W> {
    input: &'a mut R,
    out: &'a mut W,
    names: Vec<String>,
    lang: &'static str,
}

impl<R: BufRead, W: Write> Terminal<'_, R, W> {
    /// One message worded in the terminal's language, seats by their terminal names.
    fn text(&self, msg: &Msg) -> String {
        catalog().text(self.lang, msg, &self.names)
    }

    fn say(&mut self, msg: &Msg) -> io::Result<()> {
        let text = self.text(msg);
        writeln!(self.out, "{text}")
    }

    fn lines(&mut self, msgs: &[Msg]) -> io::Result<()> {
        let text = catalog().lines(self.lang, msgs, &self.names);
        writeln!(self.out, "{text}")
    }

    fn blank(&mut self) -> io::Result<()> {
        writeln!(self.out)
    }

    /// A numbered choice, numbers aligned.
    fn numbered(&mut self, n: usize, label: &Msg) -> io::Result<()> {
        let text = self.text(label);
        writeln!(self.out, "  {n:>2}. {text}")
    }

    /// Shows a prompt and reads one line; `None` when the input has ended.
    fn read(&mut self, prompt: &Msg) -> io::Result<Option<String>> {
        let text = self.text(prompt);
        write!(self.out, "{text}")?;
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.out)?;
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }

    /// A number from 1 to `last`, asked until one is typed; `None` for `q` or the input's end.
    fn pick(&mut self, last: usize) -> io::Result<Option<usize>> {
        loop {
            let Some(line) = self.read(&msg!("cli-prompt", last = last))? else {
                return Ok(None);
            };
            if line.eq_ignore_ascii_case("q") {
                return Ok(None);
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=last).contains(&n) => return Ok(Some(n)),
                _ => self.say(&msg!("cli-type-number", last = last))?,
            }
        }
    }

    /// The game's question, answered y or n (k or e in Finnish: any yes counts in any language);
    /// `None` for `q` or the input's end.
    fn confirm(&mut self, question: &Msg) -> io::Result<Option<bool>> {
        let Some(line) = self.read(&msg!("cli-confirm", question = question.clone()))? else {
            return Ok(None);
        };
        if line.eq_ignore_ascii_case("q") {
            return Ok(None);
        }
        Ok(Some(YES.contains(&line.to_lowercase().as_str())))
    }
}

/// The answers that say yes to a question, in every shipped language.
const YES: [&str; 4] = ["y", "yes", "k", "kyllä"];

#[cfg(test)]
mod tests;

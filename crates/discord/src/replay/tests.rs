//! Replays as Discord shows them: snapshots of the first, a middle and the last step; every
//! step of a whole game of each of the nine games within Discord's limits, naming no card the
//! public had not seen at that move, and the last step (over its pages) naming every hand as
//! dealt; the buttons leading where they say.

use crate::ids::{ComponentId, Nav, MAX_CUSTOM_ID};
use crate::render::{self, Reply, MAX_BUTTONS, MAX_CONTENT, MAX_LABEL};
use crate::words::SeatNames;
use pakka_cards::CardSet;
use pakka_catalog::{catalog, DEFAULT_LANG};
use pakka_table::replay_fixtures::{cards_shown, replayed, EVERY_GAME};
use pakka_table::ReplayStep;
use pakka_text::msg;
use pakka_text::seat;

const EN: &str = DEFAULT_LANG;
const OWNER: u64 = 555;

fn assert_within_limits(reply: &Reply) {
    assert!(reply.content.chars().count() <= MAX_CONTENT);
    assert!(reply.rows.len() <= 5);
    assert!(reply.button_count() <= MAX_BUTTONS);
    let mut ids = std::collections::HashSet::new();
    for b in reply.rows.iter().flatten() {
        assert!(b.id.len() <= MAX_CUSTOM_ID, "{}", b.id);
        assert!(b.label.chars().count() <= MAX_LABEL);
        assert!(ids.insert(b.id.clone()), "duplicate custom_id {}", b.id);
        assert!(b.id.parse::<ComponentId>().is_ok());
    }
}

/// Every standard card written in a message ("10♥", "Q♠").
fn cards_in(text: &str) -> CardSet {
    let chars: Vec<char> = text.chars().collect();
    let mut set = CardSet::new();
    for (i, &c) in chars.iter().enumerate() {
        if !"♠♥♦♣".contains(c) || i == 0 {
            continue;
        }
        let rank: String = if i >= 2 && chars[i - 2] == '1' && chars[i - 1] == '0' {
            "10".into()
        } else {
            chars[i - 1].to_string()
        };
        if let Ok(card) = format!("{rank}{c}").parse() {
            set.insert(card);
        }
    }
    set
}

/// The step and page each button leads to, and whether it is greyed out, in ⏮ ◀ ▶ ⏭ order.
fn targets(reply: &Reply) -> Vec<(u32, u32, bool)> {
    reply
        .rows
        .iter()
        .flatten()
        .map(|b| match b.id.parse::<ComponentId>() {
            Ok(ComponentId::Replay { step, page, .. }) => (step, page, b.disabled),
            other => panic!("not a replay's button: {other:?}"),
        })
        .collect()
}

/// Every page of a step: following ▶ from page 0 while it stays on the step.
fn pages(step: &ReplayStep, owner: Option<u64>, lang: &'static str) -> Vec<Reply> {
    let mut out = vec![render::replay(step, 0, owner, lang)];
    while step.last() {
        let (to, page, disabled) = targets(out.last().unwrap())[2];
        if disabled {
            break;
        }
        assert_eq!(to as usize, step.step, "▶ at the last step turns the page");
        out.push(render::replay(step, page as usize, owner, lang));
        assert!(out.len() < 100, "the pages end");
    }
    out
}

#[tokio::test]
async fn replay_messages_first_middle_and_last() {
    for (game, seats, seed) in [("paston", 3, 5), ("matapesa", 4, 2)] {
        let (replay, _) = replayed(game, seats, seed).await;
        let n = replay.moves();
        let first = render::replay(&replay.step(0).unwrap(), 0, None, EN);
        let middle = render::replay(&replay.step(n / 2).unwrap(), 0, Some(OWNER), EN);
        let last = render::replay(&replay.step(n).unwrap(), 0, None, EN);
        for reply in [&first, &middle, &last] {
            assert_within_limits(reply);
        }
        assert!(first.ephemeral && last.ephemeral && !middle.ephemeral);
        assert!(middle.ping.is_empty(), "a shared replay notifies nobody");
        insta::assert_json_snapshot!(format!("{game}_first"), first);
        insta::assert_json_snapshot!(format!("{game}_middle"), middle);
        insta::assert_json_snapshot!(format!("{game}_last"), last);
    }
    let (replay, _) = replayed("kop", 4, 3).await;
    let last_fi = render::replay(&replay.step(replay.moves()).unwrap(), 0, None, "fi");
    assert_within_limits(&last_fi);
    insta::assert_json_snapshot!("kop_last_finnish", last_fi);
    let copy = render::replay_copy(&replay.step(3).unwrap(), 0, OWNER, EN);
    assert!(copy.ephemeral);
    assert!(copy
        .content
        .starts_with("Only <@555> steps this shared replay"));
    assert!(copy
        .rows
        .iter()
        .flatten()
        .all(|b| matches!(b.id.parse(), Ok(ComponentId::Replay { owner: None, .. }))));
}

#[tokio::test]
async fn every_step_of_every_game_fits_discord_and_hides_the_deal_until_the_end() {
    for &(game, seats, seed) in EVERY_GAME {
        let (replay, truth) = replayed(game, seats, seed).await;
        let steps = replay.steps().unwrap();
        let n = steps.len() - 1;
        for (k, step) in steps.iter().enumerate() {
            let shown = cards_shown(step);
            for owner in [None, Some(OWNER)] {
                let all = pages(step, owner, EN);
                let n32 = n as u32;
                for (p, reply) in all.iter().enumerate() {
                    assert_within_limits(reply);
                    assert_eq!(reply.ephemeral, owner.is_none());
                    let k32 = k as u32;
                    let t = targets(reply);
                    assert_eq!(t[0], (0, 0, k == 0), "{game} {k}: ⏮");
                    if k < n {
                        assert_eq!(t[2], (k32 + 1, 0, false), "{game} {k}: ▶");
                        assert_eq!(t[3], (n32, 0, false), "{game} {k}: ⏭");
                    } else {
                        assert!(t[3].2, "{game}: ⏭ greyed out at the end");
                        assert_eq!(t[2].2, p + 1 == all.len(), "{game}: ▶ turns the pages");
                    }
                    if k > 0 && p == 0 {
                        assert_eq!(t[1], (k32 - 1, 0, false), "{game} {k}: ◀");
                    }
                    let ids: Vec<ComponentId> = reply
                        .rows
                        .iter()
                        .flatten()
                        .map(|b| b.id.parse().unwrap())
                        .collect();
                    assert!(ids.iter().all(|id| matches!(
                        id,
                        ComponentId::Replay { owner: o, .. } if *o == owner
                    )));
                    for b in reply.rows.iter().flatten() {
                        assert!(cards_in(&b.label).is_empty());
                    }
                }
                if k < n {
                    assert_eq!(all.len(), 1, "{game} {k}: one page before the end");
                    // The text names no card beyond what the step holds, and the step none
                    // beyond what the public could see then (`table::replay::tests`).
                    let named = cards_in(&all[0].content);
                    let hidden = named.difference(shown.union(truth.public[k]));
                    assert!(hidden.is_empty(), "{game} {k} shows {hidden:?}");
                    assert!(!all[0].content.contains("as dealt"), "{game} {k}");
                }
            }
        }
        // The last step names every hand as dealt, over its pages.
        let last = &steps[n];
        let text: String = pages(last, None, EN)
            .iter()
            .map(|r| r.content.clone())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(text.contains("The hands as dealt"), "{game}: {text}");
        let names = SeatNames::public(&last.view, EN);
        assert_eq!(last.dealt.len(), truth.dealt.len());
        for dealt in &last.dealt {
            if last.dealt.len() > 1 {
                assert!(text.contains(&format!("Deal {}:", dealt.deal)), "{game}");
            }
            for (s, hand) in dealt.hands.iter().enumerate() {
                let line = if hand.is_empty() {
                    msg!("replay-hand-none", who = seat(s))
                } else {
                    msg!("replay-hand", who = seat(s), cards = hand.clone())
                };
                let line = catalog().text(EN, &line, &names);
                assert!(text.contains(&line), "{game}: {line:?} missing from {text}");
            }
        }
        if last.dealt.len() == 1 {
            assert_eq!(pages(last, None, EN).len(), 1, "{game}: one deal, one page");
        }
    }
}

#[test]
fn the_four_buttons_differ_even_where_two_lead_to_the_same_step() {
    let ids: Vec<String> = Nav::ALL
        .into_iter()
        .map(|nav| {
            ComponentId::Replay {
                table: 1,
                step: 0,
                page: 0,
                nav,
                owner: None,
            }
            .to_string()
        })
        .collect();
    let distinct: std::collections::HashSet<&String> = ids.iter().collect();
    assert_eq!(distinct.len(), 4, "{ids:?}");
}

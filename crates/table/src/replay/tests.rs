//! Replays of whole seeded games of every kind: no step before the last shows a card the
//! public could not see at that move, the last reveals every hand as dealt, and every game
//! that is not finished is refused with its own reason.

use super::fixtures::*;
use super::*;
use crate::{LobbyChange, Person, TableError, TableService};
use pakka_cards::CardSet;

#[tokio::test]
async fn no_step_shows_a_hidden_card_before_the_end_and_the_last_shows_every_hand_as_dealt() {
    for &(game, seats, seed) in EVERY_GAME {
        let (s, id) = finished(game, seats, seed).await;
        let replay = s.replay(id, GUILD).await.unwrap();
        let steps = replay.steps().unwrap();
        let stored = s.store().table(id).await.unwrap().unwrap();
        let truth = truth(&stored);
        assert_eq!(steps.len(), stored.moves.len() + 1, "{game}");
        assert!(steps.len() > 10, "{game}: a whole game has moves");
        for (k, step) in steps.iter().enumerate() {
            assert_eq!((step.step, step.moves), (k, stored.moves.len()), "{game}");
            assert_eq!(step.view.move_number, k as u64);
            // Exactly what the table message showed: the public view and picture after the
            // move, and the sentences of the move's public events.
            assert_eq!(
                step.view.public.as_ref(),
                Some(&truth.lines[k]),
                "{game} {k}"
            );
            assert_eq!(
                step.view.picture.as_ref(),
                Some(&truth.pictures[k]),
                "{game} {k}"
            );
            assert_eq!(step.view.story, truth.events[k], "{game} {k}");
            let hidden = cards_shown(step).difference(truth.public[k]);
            assert!(
                hidden.is_empty(),
                "{game} step {k} of {} shows hidden {hidden:?}",
                steps.len() - 1
            );
            assert_eq!(step.last(), k == stored.moves.len());
            if !step.last() {
                assert!(
                    step.dealt.is_empty(),
                    "{game}: the deal is revealed only at the end"
                );
                assert_eq!(step.view.phase, Phase::Playing);
            }
            if k > 0 {
                assert!(
                    !step.view.story.is_empty(),
                    "{game} move {k} tells what it did"
                );
                assert_eq!(step.mover, Some(stored.moves[k - 1].seat));
            }
        }
        let last = steps.last().unwrap();
        assert_eq!(last.view.phase, Phase::Finished);
        assert!(!last.view.places.is_empty(), "{game}: the result");
        let revealed: Vec<(u32, Vec<CardSet>)> = last
            .dealt
            .iter()
            .map(|d| {
                let hands = d
                    .hands
                    .iter()
                    .map(|h| h.iter().copied().collect())
                    .collect();
                (d.deal, hands)
            })
            .collect();
        assert_eq!(revealed, truth.dealt, "{game}: every hand as dealt");
        let cards: usize = revealed.iter().flat_map(|(_, h)| h).map(|h| h.len()).sum();
        if game != "pisha-pasha" {
            assert!(cards > 0, "{game}: the hands are shown");
        }
        // One step alone is the same as the one of a pass over every step.
        for k in [0, 1, steps.len() / 2, steps.len() - 1, steps.len() + 5] {
            let one = replay.step(k).unwrap();
            assert_eq!(one, steps[k.min(steps.len() - 1)], "{game} step {k}");
        }
    }
}

#[tokio::test]
async fn only_a_finished_game_of_this_server_replays() {
    let s = TableService::new(Store::open_in_memory().await.unwrap());
    let done = finished_in(&s, "pisha-pasha", 2, 7, 30).await;
    assert!(s.replay(done, GUILD).await.is_ok());
    assert_eq!(
        s.replay(done, GUILD + 1).await.unwrap_err(),
        ReplayError::OtherServer(done)
    );
    assert_eq!(
        s.replay(9_999, GUILD).await.unwrap_err(),
        ReplayError::Unknown(9_999)
    );
    // A lobby: Bob has not accepted.
    let mut invite = request("pisha-pasha", 2, 7, 31);
    invite.bots = 0;
    invite.invited = vec![Person {
        id: BOB,
        bot: false,
    }];
    let lobby = s.create(invite.clone()).await.unwrap();
    assert_eq!(
        s.replay(lobby.id, GUILD).await.unwrap_err(),
        ReplayError::Lobby(lobby.id)
    );
    // Running, then paused.
    let LobbyChange::Started(running) = s.accept(lobby.id, BOB).await.unwrap() else {
        panic!("the game starts");
    };
    assert_eq!(
        s.replay(running.id, GUILD).await.unwrap_err(),
        ReplayError::Running(running.id)
    );
    s.pause(running.id, ALICE).await.unwrap();
    assert_eq!(
        s.replay(running.id, GUILD).await.unwrap_err(),
        ReplayError::Paused(running.id)
    );
    // Forfeited, and closed by a moderator: no result.
    invite.channel_id = 32;
    let lobby = s.create(invite.clone()).await.unwrap();
    s.accept(lobby.id, BOB).await.unwrap();
    s.forfeit(lobby.id, BOB).await.unwrap();
    assert_eq!(
        s.replay(lobby.id, GUILD).await.unwrap_err(),
        ReplayError::NoResult(lobby.id)
    );
    invite.channel_id = 33;
    let lobby = s.create(invite).await.unwrap();
    s.close(lobby.id, 77, true).await.unwrap();
    assert_eq!(
        s.replay(lobby.id, GUILD).await.unwrap_err(),
        ReplayError::NoResult(lobby.id)
    );
    // Each refusal has its own sentence; a bug has the generic one.
    let sentences: Vec<String> = [
        ReplayError::Unknown(1),
        ReplayError::OtherServer(1),
        ReplayError::Lobby(1),
        ReplayError::Running(1),
        ReplayError::Paused(1),
        ReplayError::NoResult(1),
    ]
    .iter()
    .map(|e| pakka_catalog::en(&e.msg()))
    .collect();
    let distinct: std::collections::BTreeSet<&String> = sentences.iter().collect();
    assert_eq!(distinct.len(), sentences.len(), "{sentences:?}");
    assert!(ReplayError::Internal("x".into()).is_internal());
    assert_eq!(
        pakka_catalog::en(&ReplayError::Internal("x".into()).msg()),
        pakka_catalog::en(&TableError::internal("x").msg())
    );
}

#[tokio::test]
async fn a_log_that_does_not_replay_is_a_bug_not_a_refusal() {
    let (s, id) = finished("pisha-pasha", 2, 7).await;
    let replay = s.replay(id, GUILD).await.unwrap();
    let mut broken = Replay {
        info: replay.info,
        stored: replay.stored.clone(),
    };
    broken.stored.moves[3].action = serde_json::json!("no such move");
    assert!(broken.step(1).is_ok(), "the moves before it replay");
    let e = broken.step(5).unwrap_err();
    assert!(e.is_internal(), "{e:?}");
    assert!(broken.steps().unwrap_err().is_internal());
}

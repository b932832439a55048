//! Tests of what the shedding games share: the rank order and the legality table, clearing,
//! the start player, and how plays are listed and normalized. Each game's own acceptance cases,
//! and its rule of thumb against its view-reading reference, are in its folder's `tests.rs`.

use super::heuristic::open_on;
use super::*;
use pakka_cards::parse_cards;
use pakka_catalog::en;

fn rank(s: &str) -> Rank {
    s.parse::<Card>().map(|c| c.rank()).unwrap()
}

const PASKA: Legality = Legality {
    court_min_top: Rank::Seven,
    courts_on_empty: false,
};
const POYTA: Legality = Legality {
    court_min_top: Rank::Six,
    courts_on_empty: true,
};

#[test]
fn the_order_runs_from_three_to_two() {
    for (i, r) in ORDER.iter().enumerate() {
        assert_eq!(order(*r) as usize, i);
    }
    assert!(order(Rank::Two) > order(Rank::Ace));
}

#[test]
fn the_legality_table() {
    let ok = |l: Legality, r: &str, t: Option<&str>| l.allows(rank(r), t.map(rank));
    // Empty pile.
    assert!(ok(POYTA, "KS", None) && !ok(PASKA, "KS", None));
    assert!(ok(PASKA, "10S", None) && ok(PASKA, "AS", None) && ok(PASKA, "2S", None));
    // 3–9 on 3–9, equal or higher.
    assert!(ok(PASKA, "5S", Some("5H")) && ok(PASKA, "9S", Some("5H")));
    assert!(!ok(PASKA, "4S", Some("5H")));
    // Courts from court_min_top.
    assert!(ok(POYTA, "JS", Some("6H")) && !ok(POYTA, "JS", Some("5H")));
    assert!(ok(PASKA, "JS", Some("7H")) && !ok(PASKA, "JS", Some("6H")));
    // Aces only on courts (and aces), tens not on courts.
    assert!(ok(PASKA, "AS", Some("QH")) && !ok(PASKA, "AS", Some("9H")));
    assert!(!ok(PASKA, "10S", Some("JH")) && ok(PASKA, "10S", Some("9H")));
    assert!(ok(POYTA, "AS", Some("AH")) && !ok(POYTA, "KS", Some("AH")));
    // Courts rise; 2s on anything but 10 and A; only 2 on 2; only 10 on 10.
    assert!(ok(PASKA, "KS", Some("QH")) && !ok(PASKA, "JS", Some("QH")));
    assert!(ok(PASKA, "2S", Some("KH")) && ok(PASKA, "2S", Some("3H")));
    assert!(!ok(POYTA, "2S", Some("AH")) && !ok(POYTA, "2S", Some("10H")));
    assert!(ok(POYTA, "2S", Some("2H")) && !ok(POYTA, "AS", Some("2H")));
    assert!(ok(POYTA, "10S", Some("10H")) && !ok(POYTA, "JS", Some("10H")));
}

#[test]
fn the_closed_form_count_of_open_ranks_is_the_legality_table() {
    for court_min_top in [Rank::Six, Rank::Seven] {
        for courts_on_empty in [false, true] {
            let l = Legality {
                court_min_top,
                courts_on_empty,
            };
            for top in ORDER {
                let open = ORDER.iter().filter(|&&r| l.allows(r, Some(top))).count();
                assert_eq!(open_on(l, top), open, "{top:?}");
            }
        }
    }
    for rank in Rank::ALL {
        let four: CardSet = Suit::ALL.iter().map(|&s| Card::new(rank, s)).collect();
        assert_eq!(rank_cards(rank), four);
    }
}

#[test]
fn clearing_counts_four_of_a_kind_across_plays() {
    let table = |pile: &str| {
        let mut core = Core::new(vec![vec![], vec![]], vec![], 0);
        core.pile = parse_cards(pile).unwrap();
        core
    };
    let mut c = table("4D 8S 8H");
    assert_eq!(c.land(&parse_cards("8D 8C").unwrap()), Some(5));
    assert!(c.pile.is_empty() && c.cleared.len() == 5);
    let mut c = table("7H");
    assert_eq!(c.land(&parse_cards("10S").unwrap()), Some(2));
    let mut c = table("QS");
    assert_eq!(c.land(&parse_cards("AH").unwrap()), Some(2));
    let mut c = table("AH");
    assert_eq!(c.land(&parse_cards("AD").unwrap()), None);
    let mut c = table("");
    assert_eq!(c.land(&parse_cards("10H").unwrap()), None);
    assert_eq!(c.land(&parse_cards("10C").unwrap()), None);
    let mut c = table("");
    assert_eq!(c.land(&parse_cards("5S 5H 5D 5C").unwrap()), Some(4));
}

#[test]
fn start_player_counts_the_lowest_rank_and_breaks_ties_clockwise() {
    let hands: Vec<CardSet> = ["5S 6S", "3S 3H 7C", "3C 3D 4S"]
        .iter()
        .map(|h| parse_cards(h).unwrap().into_iter().collect())
        .collect();
    assert_eq!(start_player(&hands, 1), (1, Rank::Three));
    assert_eq!(start_player(&hands, 2), (2, Rank::Three));
    let no_threes: Vec<CardSet> = ["5S 6S", "4H 7C", "4C 4D"]
        .iter()
        .map(|h| parse_cards(h).unwrap().into_iter().collect())
        .collect();
    assert_eq!(start_player(&no_threes, 0), (2, Rank::Four));
}

#[test]
fn plays_are_listed_by_rank_and_count_and_normalized() {
    let zone: CardSet = parse_cards("5D 5H 2C KS").unwrap().into_iter().collect();
    let mut out = Vec::new();
    push_plays(&mut out, zone, |r| r != Rank::King);
    let want: Vec<Action> = ["5H", "5H 5D", "2C"]
        .iter()
        .map(|s| Action::Play(parse_cards(s).unwrap().into()))
        .collect();
    assert_eq!(out, want);
    let spelled = parse_cards("5D").unwrap();
    assert_eq!(normalize_play(zone, &spelled), Some(want[0].clone()));
    assert_eq!(normalize_play(zone, &parse_cards("5S").unwrap()), None);
    assert_eq!(normalize_play(zone, &parse_cards("5D 2C").unwrap()), None);
    assert_eq!(normalize_play(zone, &parse_cards("5D 5D").unwrap()), None);
    let group_text =
        |text: &str| group(&Action::Play(parse_cards(text).unwrap().into())).map(|m| en(&m));
    assert_eq!(group_text("5D").as_deref(), Some("Play 5s"));
    assert_eq!(group_text("AS").as_deref(), Some("Play aces"));
    assert_eq!(group(&Action::Take), None);
    assert_eq!(en(&label(&want[1])), "5♥ 5♦");
    assert_eq!(en(&pile_line(&[])), "Pile: empty");
    let pile = parse_cards("3S 4S 5S 6S 7S 8S 9S 10S").unwrap();
    assert_eq!(
        en(&pile_line(&pile)),
        "Pile: 8 cards — … 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ (top 10♠)"
    );
}

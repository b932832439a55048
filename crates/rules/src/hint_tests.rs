//! The check across the games whose rules of thumb name their branches: every hint names the
//! branch its rule of thumb took.

use crate::*;

/// Over many seeded positions of the seven games whose rules of thumb name their branches,
/// `why` of the rule of thumb's own choice never panics and is never the catch-all
/// `Weighed`; and every branch each game names comes up.
#[test]
fn every_hint_names_the_branch_its_rule_of_thumb_took() {
    use kop::KopWhy;
    use matapesa::MatapesaWhy;
    use paston::PastonWhy;
    use pishe_pasha::PisheWhy;
    use red7::Red7Why;
    use teka::TekaWhy;
    use testing::{reasons, Games};
    use whist22::Whist22Why;
    let games = Games {
        seeds: 40,
        actions: 2000,
        deals: 6,
    };
    /// Fails unless each of `branches` came up in `G`'s seeded games.
    fn all_come_up<G: Heuristic>(game: &str, games: Games, branches: &[Why<G::Reason>]) {
        let seen = reasons::<G>(games);
        for why in branches {
            assert!(
                seen.contains_key(why),
                "{game}: {why:?} never came up: {seen:?}"
            );
        }
    }
    // Each game's branches that the seeded games reach (the rarest, such as Teka's
    // Double thirteen and raises, have their own tests with explicit decks).
    use Why::*;
    all_come_up::<pishe_pasha::PishePasha>(
        "pishe_pasha",
        games,
        &[
            Why::Game(PisheWhy::Foundation),
            Why::Game(PisheWhy::Give),
            Why::Game(PisheWhy::Stop),
            Why::Game(PisheWhy::TakeOver),
        ],
    );
    all_come_up::<paston::Paston>(
        "paston",
        games,
        &[
            DrawTrumps,
            LeadMaster,
            LeadLongSuit,
            LeadTrumpsOnly,
            CoverPartner,
            PartnerWins,
            CannotWin,
            WinCheapest,
            Ruff,
            WinHigh,
            Why::Game(PastonWhy::Bid),
            Why::Game(PastonWhy::Pass),
            Why::Game(PastonWhy::Discard),
            Why::Game(PastonWhy::Trump),
            Why::Game(PastonWhy::Surrender),
            Why::Game(PastonWhy::Whist),
            Why::Game(PastonWhy::SitOut),
        ],
    );
    all_come_up::<teka::Teka>(
        "teka",
        games,
        &[
            DrawTrumps,
            LeadTrumps,
            LeadMaster,
            LeadLongSuit,
            LeadTrumpsOnly,
            CoverPartner,
            PartnerWins,
            CannotWin,
            WinCheapest,
            Ruff,
            SecondHandLow,
            WinHigh,
            Why::Game(TekaWhy::Redeal),
            Why::Game(TekaWhy::PartnerHighest),
            Why::Game(TekaWhy::Call),
            Why::Game(TekaWhy::Pass),
            Why::Game(TekaWhy::Trump),
        ],
    );
    all_come_up::<red7::Red7>(
        "red7",
        games,
        &[
            Why::Game(Red7Why::EndWinning),
            Why::Game(Red7Why::Palette),
            Why::Game(Red7Why::Canvas),
            Why::Game(Red7Why::PaletteThenCanvas),
            Why::Game(Red7Why::NoWin),
        ],
    );
    all_come_up::<matapesa::Matapesa>(
        "matapesa",
        games,
        &[
            Why::Game(MatapesaWhy::ShedHigh),
            Why::Game(MatapesaWhy::LowLate),
        ],
    );
    all_come_up::<kop::Kop>(
        "kop",
        games,
        &[
            Why::Game(KopWhy::Solo),
            Why::Game(KopWhy::Wedding),
            Why::Game(KopWhy::LeadRichSide),
            Why::Game(KopWhy::LeadWeakTrump),
            Why::Game(KopWhy::LeadCheapTrump),
            Why::Game(KopWhy::Smear),
            Why::Game(KopWhy::TakeSure),
            Why::Game(KopWhy::TryHigh),
            Why::Game(KopWhy::GiveLittle),
        ],
    );
    all_come_up::<whist22::Whist22>(
        "whist22",
        games,
        &[
            Why::Game(Whist22Why::Bid),
            Why::Game(Whist22Why::BidNearest),
            Why::Game(Whist22Why::BidUnseen),
            Why::Game(Whist22Why::NeedTricks),
            Why::Game(Whist22Why::BidMade),
        ],
    );
}

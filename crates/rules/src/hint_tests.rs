//! The check across the games whose rules of thumb name their branches: every hint names the
//! branch its rule of thumb took.

use crate::kop::{Kop, KopWhy};
use crate::matapesa::{Matapesa, MatapesaWhy};
use crate::paston::{Paston, PastonWhy};
use crate::pishe_pasha::{PishePasha, PisheWhy};
use crate::red7::{Red7, Red7Why};
use crate::teka::{Teka, TekaWhy};
use crate::testing::{reasons, Games};
use crate::trick_play::TrickWhy;
use crate::whist22::{Whist22, Whist22Why};
use crate::{Heuristic, Why};

/// Fails unless each of `branches` came up in `G`'s seeded games.
fn all_come_up<G: Heuristic>(game: &str, branches: impl IntoIterator<Item = G::Reason>) {
    let games = Games {
        seeds: 40,
        actions: 2000,
        deals: 6,
    };
    let seen = reasons::<G>(games);
    for why in branches {
        assert!(
            seen.contains_key(&Why::Game(why)),
            "{game}: {why:?} never came up: {seen:?}"
        );
    }
}

/// The card play Paston and Teka share (`trick_play`) that the seeded games of both reach.
const PLAY: [TrickWhy; 10] = {
    use TrickWhy::*;
    [
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
    ]
};

/// Over many seeded positions of the seven games whose rules of thumb name their branches,
/// `why` of the rule of thumb's own choice never panics and is never the catch-all
/// `Weighed`; and every branch each game names comes up (the rarest, such as Teka's Double
/// thirteen and raises, have their own tests with explicit decks).
#[test]
fn every_hint_names_the_branch_its_rule_of_thumb_took() {
    {
        use PisheWhy::*;
        all_come_up::<PishePasha>("pishe_pasha", [Foundation, Give, Stop, TakeOver]);
    }
    {
        use PastonWhy::*;
        let own = [Bid, Pass, Discard, Trump, Surrender, Whist, SitOut];
        all_come_up::<Paston>("paston", own.into_iter().chain(PLAY.map(Play)));
    }
    {
        use TekaWhy::*;
        let own = [Redeal, PartnerHighest, Call, Pass, Trump];
        let play = PLAY
            .into_iter()
            .chain([TrickWhy::LeadTrumps, TrickWhy::SecondHandLow]);
        all_come_up::<Teka>("teka", own.into_iter().chain(play.map(Play)));
    }
    {
        use Red7Why::*;
        all_come_up::<Red7>(
            "red7",
            [EndWinning, Palette, Canvas, PaletteThenCanvas, NoWin],
        );
    }
    all_come_up::<Matapesa>("matapesa", [MatapesaWhy::ShedHigh, MatapesaWhy::LowLate]);
    {
        use KopWhy::*;
        let branches = [
            Solo,
            Wedding,
            LeadRichSide,
            LeadWeakTrump,
            LeadCheapTrump,
            Smear,
            TakeSure,
            TryHigh,
            GiveLittle,
        ];
        all_come_up::<Kop>("kop", branches);
    }
    {
        use Whist22Why::*;
        all_come_up::<Whist22>("whist22", [Bid, BidNearest, BidUnseen, NeedTricks, BidMade]);
    }
}

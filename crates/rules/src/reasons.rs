//! Why a rule of thumb chose an action, for a hint: the reasons (`Why`), the empty set of a
//! game's own reasons (`NoReason`) and the macro that writes a game's own reasons with their
//! wording (`reasons!`).

use pakka_text::{msg, Msg};

/// Why a rule of thumb chose an action: one kind per line of reasoning the games' rules of
/// thumb follow, decided where they decide (`Heuristic::why`), worded by the catalog (`why-*`)
/// for a hint. The kinds here are those several games share (an only action, the shedding
/// games', the card play of `trick_play`); a game's own are its `Heuristic::Reason`, an enum
/// beside its rule of thumb (`kop::KopWhy`), carried as [`Why::Game`]. Each is true of the
/// action it is given for; a game's `why` answers the branch of its rule of thumb that chose
/// the action, and [`Why::Weighed`] only for an action the rule of thumb did not choose (or a
/// game without a finer account).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Why<G = NoReason> {
    /// The only legal action.
    Only,
    /// The play empties the seat's last cards: it goes out.
    GoOut,
    /// The play clears the pile, and the seat plays again.
    ClearPile,
    /// A lone 10 or ace on an empty pile: the next player picks it up and misses a turn.
    PickUp,
    /// The lowest rank that may go, all of its cards; the high cards wait for high piles.
    ShedLow,
    /// The next player is about to go out: a card that is hard to beat.
    Block,
    /// Draw and try: on average it costs less than taking the pile now.
    DrawAndTry,
    /// Taking the pile: every play would cost more.
    TakePile,
    /// Face-down cards are tried blind, in order.
    Blind,

    // The card play Teka and Paston share (`trick_play`).
    /// The declarer holds the highest trump still out: trumps are drawn.
    DrawTrumps,
    /// The declarer with four or more trumps leads them in the first tricks (Teka).
    LeadTrumps,
    /// A lead that nobody else can beat in its suit: every higher card is in sight.
    LeadMaster,
    /// A lead from the longest side suit.
    LeadLongSuit,
    /// Only trumps may be led.
    LeadTrumpsOnly,
    /// The partner's winning card could still be beaten: a high card goes over it.
    CoverPartner,
    /// The partner is winning the trick: the cheapest card.
    PartnerWins,
    /// No legal card takes the trick: the cheapest one.
    CannotWin,
    /// No opponent plays after: the cheapest card that wins.
    WinCheapest,
    /// Void in the suit led: the lowest trump that wins.
    Ruff,
    /// The partner plays after and no master wins: the cheapest card.
    SecondHandLow,
    /// An opponent plays after: a high card that wins for now.
    WinHigh,

    /// The game's own reason (its `Heuristic::Reason`, beside its rule of thumb): the branch
    /// of a rule of thumb that only that game follows.
    Game(G),

    /// The rule of thumb weighs every choice by what it leaves the seat with, and this one
    /// comes out best (the games that give no finer account).
    Weighed,
}

/// The reasons of a game whose rule of thumb gives only the shared ones (its
/// `Heuristic::Reason`): there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NoReason {}

impl From<NoReason> for Msg {
    fn from(none: NoReason) -> Msg {
        match none {}
    }
}

/// A game's own hint reasons (its `Heuristic::Reason`) written once: the enum, each variant
/// with its documentation and its wording (`Variant => msg!("why-…")`), and the `From` that
/// turns a reason into its message.
macro_rules! reasons {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident => $msg:expr,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant,)*
        }

        impl From<$name> for pakka_text::Msg {
            fn from(why: $name) -> pakka_text::Msg {
                match why {
                    $($name::$variant => $msg,)*
                }
            }
        }
    };
}
pub(crate) use reasons;

impl<G> Why<G> {
    /// The same reason, the game's own turned into another type (`AnyGame::why` answers it as
    /// its message).
    pub fn map<H>(self, f: impl FnOnce(G) -> H) -> Why<H> {
        match self {
            Why::Only => Why::Only,
            Why::GoOut => Why::GoOut,
            Why::ClearPile => Why::ClearPile,
            Why::PickUp => Why::PickUp,
            Why::ShedLow => Why::ShedLow,
            Why::Block => Why::Block,
            Why::DrawAndTry => Why::DrawAndTry,
            Why::TakePile => Why::TakePile,
            Why::Blind => Why::Blind,
            Why::DrawTrumps => Why::DrawTrumps,
            Why::LeadTrumps => Why::LeadTrumps,
            Why::LeadMaster => Why::LeadMaster,
            Why::LeadLongSuit => Why::LeadLongSuit,
            Why::LeadTrumpsOnly => Why::LeadTrumpsOnly,
            Why::CoverPartner => Why::CoverPartner,
            Why::PartnerWins => Why::PartnerWins,
            Why::CannotWin => Why::CannotWin,
            Why::WinCheapest => Why::WinCheapest,
            Why::Ruff => Why::Ruff,
            Why::SecondHandLow => Why::SecondHandLow,
            Why::WinHigh => Why::WinHigh,
            Why::Weighed => Why::Weighed,
            Why::Game(own) => Why::Game(f(own)),
        }
    }
}

impl<G: Into<Msg>> Why<G> {
    /// The reason for people: a game's own reason is worded as the game says.
    pub fn msg(self) -> Msg {
        match self {
            Why::Only => msg!("why-only"),
            Why::GoOut => msg!("why-go-out"),
            Why::ClearPile => msg!("why-clear-pile"),
            Why::PickUp => msg!("why-pick-up"),
            Why::ShedLow => msg!("why-shed-low"),
            Why::Block => msg!("why-block"),
            Why::DrawAndTry => msg!("why-draw-and-try"),
            Why::TakePile => msg!("why-take-pile"),
            Why::Blind => msg!("why-blind"),
            Why::DrawTrumps => msg!("why-draw-trumps"),
            Why::LeadTrumps => msg!("why-lead-trumps"),
            Why::LeadMaster => msg!("why-lead-master"),
            Why::LeadLongSuit => msg!("why-lead-long-suit"),
            Why::LeadTrumpsOnly => msg!("why-lead-trumps-only"),
            Why::CoverPartner => msg!("why-cover-partner"),
            Why::PartnerWins => msg!("why-partner-wins"),
            Why::CannotWin => msg!("why-cannot-win"),
            Why::WinCheapest => msg!("why-win-cheapest"),
            Why::Ruff => msg!("why-ruff"),
            Why::SecondHandLow => msg!("why-second-hand-low"),
            Why::WinHigh => msg!("why-win-high"),
            Why::Game(own) => own.into(),
            Why::Weighed => msg!("why-weighed"),
        }
    }
}

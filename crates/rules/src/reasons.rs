//! Why a rule of thumb chose an action, for a hint: `Why`, over the reasons of the game whose
//! rule of thumb chose (each toolkit's own beside it: `shedding::SheddingWhy`,
//! `trick_play::TrickWhy`), the empty set of reasons (`NoReason`) and the macro that writes a
//! set of reasons with their wording once (`reasons!`).

use pakka_text::{msg, Msg};

/// Why a rule of thumb chose an action, for a hint (`Heuristic::why`, a hint's one line): the
/// branch of the rule of thumb that chose it, in the reasons of the game whose rule of thumb it
/// is (`G`, its `Heuristic::Reason`), or one of the two kinds every game shares. A game's
/// reasons are an enum beside its rule of thumb (`kop::KopWhy`), and a toolkit's beside its
/// rule of thumb (`shedding::SheddingWhy`, `trick_play::TrickWhy`), carried by the reasons of
/// the games that play by it; each is worded once, where it is declared (`reasons!`). Each
/// is true of the action it is given for; [`Why::Weighed`] is only for an action the rule of
/// thumb did not choose (or a game without a finer account).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Why<G = NoReason> {
    /// The only legal action.
    Only,

    /// The game's own reason (its `Heuristic::Reason`, beside its rule of thumb): the branch
    /// of the rule of thumb that chose.
    Game(G),

    /// The rule of thumb weighs every choice by what it leaves the seat with, and this one
    /// comes out best (the games that give no finer account).
    Weighed,
}

/// The reasons of a game whose rule of thumb names no branch (its `Heuristic::Reason`): there
/// is none, and its hints say only [`Why::Only`] or [`Why::Weighed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NoReason {}

impl From<NoReason> for Msg {
    fn from(none: NoReason) -> Msg {
        match none {}
    }
}

/// A set of hint reasons (a game's `Heuristic::Reason`, or a toolkit's) written once: the
/// enum, each variant with its documentation and its wording (`Variant => msg!("why-…")`), and
/// the `From` that turns a reason into its message. A variant may carry another set's reason,
/// worded as that set words it: `Play(why: TrickWhy) => why.into()` (a game that plays by a
/// toolkit's rule of thumb carries the toolkit's reasons so).
macro_rules! reasons {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident $(($bind:ident: $inner:ty))? => $msg:expr,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant $(($inner))?,)*
        }

        impl From<$name> for pakka_text::Msg {
            fn from(why: $name) -> pakka_text::Msg {
                match why {
                    $($name::$variant $(($bind))? => $msg,)*
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
            Why::Game(own) => Why::Game(f(own)),
            Why::Weighed => Why::Weighed,
        }
    }
}

impl<G: Into<Msg>> Why<G> {
    /// The reason for people: a game's own reason is worded as the game says.
    pub fn msg(self) -> Msg {
        match self {
            Why::Only => msg!("why-only"),
            Why::Game(own) => own.into(),
            Why::Weighed => msg!("why-weighed"),
        }
    }
}

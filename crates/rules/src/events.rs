//! The sink a game tells its events through (`Events`): a list, or nothing at all in a
//! playout.

/// Where [`Game::advance`](crate::Game::advance) tells what happened: into a list (what
/// `apply_checked` answers and the engine console prints, in order), or nowhere
/// ([`Events::quiet`], a playout's), and then no event is even built: the rules hand each event
/// over as a closure only a list calls. The one sink every game tells through.
pub struct Events<'a, E> {
    out: Option<&'a mut Vec<E>>,
}

impl<'a, E> Events<'a, E> {
    /// Events appended to `out`.
    pub fn to(out: &'a mut Vec<E>) -> Events<'a, E> {
        Events { out: Some(out) }
    }

    /// No events: a playout's sink, which builds none.
    pub fn quiet() -> Events<'a, E> {
        Events { out: None }
    }

    /// Tells one event, built by `event` only when someone listens.
    pub fn tell(&mut self, event: impl FnOnce() -> E) {
        if let Some(out) = self.out.as_deref_mut() {
            out.push(event());
        }
    }
}

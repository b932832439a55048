# The engine console (src/cli/engine.rs, docs/engine-protocol.md): its error sentences.
# Field names, commands and game ids are the protocol's own words, given verbatim.

engine-not-json = The line is not valid JSON: { $detail }.
engine-not-object = Each line must be a JSON object.
engine-missing-field = Missing field "{ $field }".
engine-not-string = "{ $field }" must be a string.
engine-not-whole-number = "{ $field }" must be a whole number.
engine-unknown-command = Unknown command "{ $cmd }"; the commands are new, legal, act, view and state.
engine-no-game = No game yet: start one with "new".
engine-unknown-game = Unknown game "{ $name }"; the games are { $ids }.
engine-seed-not-number = "seed" must be a whole number ≥ 0.
engine-deck-and-decks = Give "deck" or "decks", not both.
engine-decks-not-list = "decks" must be a list of decks.
engine-missing-seed = Missing field "seed" (or "deck").
engine-dealer-not-seat = "dealer" must be a seat number.
engine-bad-seat = "seat" must be a seat number from 0 to { $last }, not { $value }.
engine-deck-not-list = A deck must be a list of cards.
engine-unknown-card = Bad deck: unknown card "{ $card }".
engine-not-a-card = Bad deck: { $value } is not a card.

# The engine console (src/cli/engine.rs, docs/engine-protocol.md): its error sentences.
# Field names, commands and game ids are the protocol's own words, given verbatim.
# The console itself answers in English (the protocol says so); these are for completeness.

engine-not-json = Rivi ei ole kelvollista JSONia: { $detail }.
engine-not-object = Jokaisen rivin on oltava JSON-olio.
engine-missing-field = Kenttä "{ $field }" puuttuu.
engine-not-string = Kentän "{ $field }" on oltava merkkijono.
engine-not-whole-number = Kentän "{ $field }" on oltava kokonaisluku.
engine-unknown-command = Tuntematon komento "{ $cmd }"; komennot ovat new, legal, act, view ja state.
engine-no-game = Peliä ei vielä ole: aloita sellainen komennolla "new".
engine-unknown-game = Tuntematon peli "{ $name }"; pelit ovat { $ids }.
engine-seed-not-number = Kentän "seed" on oltava kokonaisluku ≥ 0.
engine-deck-and-decks = Anna "deck" tai "decks", ei molempia.
engine-decks-not-list = Kentän "decks" on oltava luettelo pakoista.
engine-missing-seed = Kenttä "seed" (tai "deck") puuttuu.
engine-dealer-not-seat = Kentän "dealer" on oltava paikan numero.
engine-bad-seat = Kentän "seat" on oltava paikan numero 0–{ $last }, ei { $value }.
engine-deck-not-list = Pakan on oltava luettelo korteista.
engine-unknown-card = Virheellinen pakka: tuntematon kortti "{ $card }".
engine-not-a-card = Virheellinen pakka: { $value } ei ole kortti.

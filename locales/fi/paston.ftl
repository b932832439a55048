# Paston (src/rules/paston): the table, the buttons, refusals and events.

paston-name = Paston
paston-summary = Preferanssin armenialainen sukulainen kolmelle pelaajalle 32 kortilla. Tarjoukset nousevat porras kerrallaan — Paston ♠, Glitch ♣, Dineri ♦, Gupa ♥, Grkha (paras ♠) — tai passataan lopullisesti. Pelinviejä ottaa kahden kortin prikupin, poistaa kaksi korttia, nimeää valtin tarjouksensa tasolla tai korkeammalla (tai luovuttaa), ja hänen on voitettava 6 tikkiä kymmenestä. Kumpikin vastustaja sanoo whist (pelaa pelinviejää vastaan omista tikeistään) tai jää sivuun. Korkeammat maat moninkertaistavat pisteet; ensimmäinen 121 pisteeseen voittaa, ja −121:een putoava tulos alkaa taas nollasta.

# The bidding levels, by their id.
paston-level = { $level ->
    [glitch] Glitch
    [dineri] Dineri
    [gupa] Gupa
    [grkha] Grkha
   *[paston] Paston
}
paston-level-suit = { $level } { $suit }
paston-nothing = ei mitään
# The game's own words, one line each (the table's ❔ button).
paston-word-levels = Paston ♠, Glitch ♣, Dineri ♦, Gupa ♥, Grkha: tarjoustasot pienimmästä suurimpaan, kukin valttimaineen; Grkhassa valttina on pata, ja se on suurin tarjous.
paston-word-multiplier = (×3): tason kerroin — jaon pisteet kerrotaan sillä (Paston ×1, Glitch ×2, Dineri ×3, Gupa ja Grkha ×4).
paston-word-prikup = Prikup: kaksi kuvapuoli alaspäin pöydän keskelle jaettua korttia; pelinviejä ottaa ne ja poistaa sitten kaksi korttia.
paston-word-whist = Whist: whistin sanova vastustaja pelaa pelinviejää vastaan omista tikeistään; passaava jää jaosta sivuun.
paston-word-surrender = Luovutus: valtin nimeämisen sijaan pelinviejä voi luovuttaa jaon: pelinviejälle −10, kummallekin vastustajalle +2.

# The table.
paston-header = Jako { $deal } · jakaja { $dealer } · ottelun tilanne (voittoon { $target } pistettä): { $scores }
paston-seat-score = { $who } { $score }
paston-over = Ottelu päättyi. Voittaja suurimmalla pistemäärällä: { $winners }.
paston-redealt = Jaettu uudelleen { $n }× (jollakin kädellä oli padat seiskasta rouvaan ilman kuningasta ja ässää).
paston-first-bidder = { $who } tarjoaa ensin{ $why ->
    [jack] {" "}(kädessä { $jack })
    [seven] {" "}(kädessä { $seven }; { $jack } on prikupissa)
   *[other] {""}
}.
paston-call = { $who } { $call }
paston-call-pass = { $who } passi
paston-auction = Tarjoukset: { $count ->
    [0] ei vielä tarjouksia
   *[other] { $calls }
} — vuorossa { $who }: passi tai tarjous { $next }.
paston-how = { $forced ->
    [jack] {" "}(kaikki passasivat; kädessä { $jack })
    [seven] {" "}(kaikki passasivat; kädessä { $seven })
    [seat] {" "}(kaikki passasivat; ensimmäinen tarjoaja)
   *[other] , tarjous { $bid }
}
paston-declarer-discards = { $who } on pelinviejä{ $how }, on ottanut prikupin ja poistaa kaksi korttia.
paston-declarer-trumps = { $who } on pelinviejä{ $how } ja nimeää valtin ({ $bid } tai korkeampi) tai luovuttaa.
paston-contract = Sitoumus: { $who } julistaa { $level } (×{ $multiplier }), tarvitsee 6 tikkiä.
paston-contract-answers = Sitoumus: { $who } julistaa { $level } (×{ $multiplier }), tarvitsee 6 tikkiä. { $answers }.
paston-answer = { $who } { $whist ->
    [yes] whist
   *[no] passaa
}
paston-whist-turn = Vastausvuorossa { $who }: whist tai passi.
paston-tricks = Tikit: { $tricks }
paston-seat-tricks = { $who } { $n }
paston-your-discards = Poistamasi kortit: { $cards }

# The last hand.
paston-surrendered = { $who } luovutti sitoumuksen (tarjous { $bid }) pelaamatta
paston-no-whist = { $who } julisti { $level }, ja molemmat vastustajat passasivat (kumpikaan ei sanonut whistiä), joten { $who } voitti pelaamatta
paston-played = { $who } julisti { $level } ja otti { $tricks ->
    [one] { $tricks } tikin
   *[other] { $tricks } tikkiä
}
paston-seat-points = { $who } { $points }
paston-last-hand = Edellinen jako ({ $deal }): { $what }. Tämän jaon pisteet: { $points }
paston-last-hand-reset = Edellinen jako ({ $deal }): { $what }. Tämän jaon pisteet: { $points }; { $resets }
paston-reset = { $who }: tulos { $floor } tai alle, nollataan
paston-sep-semicolon = {"; "}

# Buttons and questions.
paston-action-sit-out = Passi (jää sivuun)
paston-action-pass = Passi
paston-action-bid = Tarjoa { $level }
paston-action-discard = Poista { $first } ja { $second }
paston-action-grkha = Valtti: { $level } (paras pata, ×{ $multiplier })
paston-action-trump = Valtti: { $level } (×{ $multiplier })
paston-action-surrender = Luovuta (−10, vastustajat +2)
paston-action-whist = Whist
# The first step of the discard: the button adds its own " …" (discord-button-group).
paston-discard-group = Poista { $first } ja
paston-confirm-surrender = Luovutatko? Menetät 10 pistettä, ja kumpikin vastustaja saa 2.

# Refusals.
paston-bid-too-low = Tarjous on { $high }: tarjoa { $next } tai passaa.
paston-one-step = Tarjoukset nousevat porras kerrallaan: seuraava tarjous on { $next }.
paston-grkha-highest = Grkha on korkein tarjous.
paston-auction-over = Tarjouskierros on ohi.
paston-same-card-twice = Valitse poistettavaksi kaksi eri korttia.
paston-not-discard-time = Vain pelinviejä poistaa kortteja, heti prikupin otettuaan.
paston-discard-first = Poista ensin kaksi korttia (prikup on nyt kädessäsi).
paston-grkha-not-bid = Grkhan voi nimetä vain, jos tarjosit sitä.
paston-below-bid = Tarjosit { $bid }: nimeä { $bid } tai korkeampi maa.
paston-name-trumps = Nimeä valtti tai luovuta.
paston-not-trump-time = Vain pelinviejä nimeää valtin tai luovuttaa, kun on poistanut kortit.
paston-answer-whist = Vastaa whist tai passi.
paston-not-whist-time = Pelinviejän vastustajat vastaavat whist tai passi, kun valtti on nimetty.
paston-must-trump = Et voi tunnustaa maata, joten sinun on lyötävä valttia: pelaa { $suit }.
paston-play-a-card = Pelaa kortti.
paston-not-play-time = Kortteja pelataan, kun sitoumus on sovittu.
paston-nothing-to-pass = Nyt ei ole mitään, mistä passata.

# Events.
paston-event-redeal = { $who }: padat seiskasta rouvaan ilman kuningasta ja ässää — sama jakaja jakaa uudelleen.
paston-event-dealt = Jako { $deal }, jakajana { $dealer }. { $first }
paston-event-bid = { $who } tarjoaa { $level }.
paston-event-pass = { $who } passaa.
paston-event-declarer = { $who } on pelinviejä{ $how } ja ottaa prikupin.
paston-event-discarded = { $who } poistaa kaksi korttia.
paston-event-trump = { $who } nimeää valtin: { $level } (×{ $multiplier }).
paston-event-surrender = { $who } luovuttaa: −10, kumpikin vastustaja +2.
paston-event-whist = { $who } sanoo whist.
paston-event-sits-out = { $who } passaa ja jää sivuun.
paston-event-scored = { $result }. Ottelun tilanne: { $scores }.

# The picture of the table.
paston-picture-header = Jako { $deal } · jakaja { $dealer } · { $target } pisteeseen
paston-picture-prikup = Prikup
paston-picture-bid = Tarjous { $level }
paston-picture-pass = Passasi
paston-picture-whist = Whist
paston-picture-sits-out = Sivussa
paston-picture-discards = Poistetut

# Miksi tavallinen tietokonepelaaja valitsee siirron (rules::Why), vihjettä varten.
why-paston-bid = Prikup mukaan luettuna kätesi on tarpeeksi vahva seuraavalle tasolle: tarjoa se.
why-paston-pass = Kätesi on prikupinkin kanssa liian heikko seuraavalle tasolle: passaa.
why-paston-discard = Kaikista pareista, jotka voit poistaa, nämä kaksi jättävät käteesi parhaan sitoumuksen.
why-paston-trump = Valteista, jotka voit nimetä, nämä lupaavat sinulle parhaan tuloksen.
why-paston-surrender = Mikä tahansa valtti, jonka voit nimetä, maksaisi sinulle todennäköisesti enemmän kuin luovutus.
why-paston-whist = Kädessäsi on tarpeeksi tikkejä pelinviejää vastaan whistin sanomiseen.
why-paston-sit-out = Kädessäsi on liian vähän tikkejä pelinviejää vastaan whistin sanomiseen: passaa ja jää sivuun.

# Teka (src/rules/teka): the table, the buttons, refusals and events.

teka-name = Teka
teka-summary = Afganistanilainen tikkipeli kahdelle parille (paikat 1 ja 3 vastaan 2 ja 4), 52 korttia, ässä korkein. Jokainen tarjoaa kerran: parilleen tikkimäärän 8–13 (suuremman kuin mikään aiempi), tuplakolmetoista (kaikki 13 tikkiä yksin pelaten) tai passin. Pelinviejä nimeää valtin ja avaa valtilla; maata on tunnustettava, jos voi. Pelinviejä voi korottaa sitoumusta pelin aikana. Täytetty sitoumus tuo lukunsa verran pisteitä (tuplakolmetoista 26); epäonnistunut antaa vastustajille kaksinkertaisesti (52). Ensimmäinen pari 104 pisteeseen voittaa. Myöhemmät jaot vain nostetaan, ei sekoiteta, ellei pöytä toisin päätä.

teka-team = { $first } & { $second }
teka-bid-number = { $n }
teka-bid-double13 = tuplakolmetoista
teka-bid-none = {""}

# The table.
teka-header = Jako { $deal } · jakaja { $dealer }
teka-teams = Parit: { $first } { $a } · { $second } { $b } (voittoon { $target } pistettä)
teka-over = Peli päättyi – voitto: { $team }.
teka-redealt = Jaettu uudelleen { $n }× pyynnöstä tässä jaossa.
teka-redeal-turn = { $who }: kädessä ei ole ässää, kuningasta, rouvaa eikä jätkää — voi pyytää uutta jakoa tai pitää kortit.
teka-call = { $who } { $kind ->
    [pass] passi
    [ter] ter
   *[bid] { $bid }
}
teka-calls = Tarjoukset: { $count ->
    [0] ei vielä yhtään
   *[other] { $calls }
} — vuorossa { $who } (kukin tarjoaa kerran).
teka-contract = Sitoumus: { $who } { $contract } parille { $team }{ $raised ->
    [yes] {" "}(tarjous { $bid }, korotettu)
   *[no] {""}
}{ $named ->
    [yes] , valtti { $trump }
   *[no] {" "}— { $turn } nimeää valtin
}.{ $out ->
    [yes] {" "}{ $sitter } on sivussa.
   *[no] {""}
}
teka-tricks = Tikit: { $first } { $a } · { $second } { $b }
teka-last-hand = Edellinen jako ({ $deal }): { $result }
teka-hand-passed = kaikki neljä passasivat, joten kukaan ei saanut pisteitä.
teka-hand-result = { $how ->
    [made] { $who } tarjosi { $contract } ja täytti sitoumuksen: pelatuista { $played } tikistä pari sai { $ours }.
    [short] { $who } tarjosi { $contract } ja hävisi: pari sai { $ours }/13 tikkiä ja jäi { $short ->
        [one] yhden tikin
       *[other] { $short } tikkiä
    } vajaaksi.
   *[early] { $who } tarjosi { $contract } ja hävisi: { $played } tikin jälkeen vastustajilla oli { $theirs } { $theirs ->
        [one] tikki
       *[other] tikkiä
    }, joten sitoumusta ei voinut enää täyttää.
} { $team } saavat { $points }{ $how ->
    [made] .
   *[other] {" "}(hävitty sitoumus antaa vastustajille kaksinkertaiset pisteet).
}

# Buttons and questions.
teka-action-redeal = Pyydä uutta jakoa
teka-action-keep = Pidä korttini
teka-action-bid = Tarjoa { $n }
teka-action-double13 = Tuplakolmetoista
teka-action-pass = Passi
teka-action-ter = Ter (passi)
teka-action-trump = Valtti { $suit }
teka-action-raise = Korota tasolle { $n }
teka-confirm-raise = Korotetaanko tasolle { $n }? Puolesi on silloin voitettava { $n } tikkiä (nyt { $won }); jos ei onnistu, vastustajat saavat { $lost } pistettä. Korotusta ei voi perua.
teka-why-lead-trump = Pelinviejän ensimmäisen avauksen on oltava valtti, jos hänellä on valttia: avata voi vain maasta { $suit }.
# The game's own words, one line each (the table's ❔ button).
teka-word-call = Tarjous: jokainen tarjoaa kerran vuorollaan — parilleen tikkimäärän 8–13 (suuremman kuin mikään aiempi), tuplakolmetoista tai passin.
teka-word-ter = Ter: toinen sana passille; tarkoittaa täsmälleen samaa.
teka-word-double13 = Tuplakolmetoista: tarjoaja pelaa yksin parinsa istuessa sivussa, ja hänen on voitettava kaikki 13 tikkiä (26 pistettä, tai 52 vastustajille).
teka-word-declarer = Pelinviejä: suurimman tarjouksen tehnyt; nimeää valtin, avaa valtilla jos sitä on, ja vain hän voi korottaa.
teka-word-raise = Korotus: pelinviejä voi omalla pelivuorollaan nostaa sitoumusta (ei koskaan laskea, eikä tuplakolmeentoista); pisteet lasketaan korotetusta sitoumuksesta.
teka-confirm-double13 = Tuplakolmetoista: pelaat yksin (parisi jää sivuun), ja sinun on voitettava kaikki 13 tikkiä — 26 pistettä, tai 52 vastustajille heti ensimmäisestä menetetystä tikistä. Tarjoatko sen?

# Refusals.
teka-redeal-or-keep = Pyydä uutta jakoa tai pidä korttisi.
teka-no-redeal = Uutta jakoa voi pyytää vain ennen tarjouksia, jos kädessä ei ole ässää, kuningasta, rouvaa eikä jätkää.
teka-double13-called = Tuplakolmetoista on tarjottu: vain toinen tuplakolmetoista voittaa sen.
teka-not-a-number = Tarjoa tikkimäärä väliltä 8–13.
teka-call-higher = Tarjouksesi on oltava suurempi kuin { $than }.
teka-make-a-call = Tee tarjouksesi: luku, tuplakolmetoista tai passi.
teka-calls-over = Kaikki ovat tarjonneet: tarjoukset ovat ohi.
teka-name-trumps = Nimeä valttimaa.
teka-trumps-named = Valtin nimeää pelinviejä, ja vain kerran.
teka-no-raise-double13 = Tuplakolmetoista ei voi korottaa.
teka-only-declarer-raises = Vain pelinviejä voi korottaa sitoumusta.
teka-raise-above = Sitoumus on jo { $contract }: korota sitä suuremmaksi.
teka-raise-at-most = Vastustajilla on { $opponents ->
    [one] { $opponents } tikki
   *[other] { $opponents } tikkiä
}: voit korottaa enintään tasolle { $most }.
teka-lead-trump = Ensimmäisen avauksen on oltava valtti: pelaa { $suit }.
teka-not-now = Tätä korttia ei voi pelata nyt.
teka-not-play-time = Kortteja pelataan, kun valtti on nimetty.

# Events.
teka-event-dealt = Jako { $deal }, jakajana { $dealer }{ $cut ->
    [yes] {" "}— edellisen jaon kortit, vain nostettu
   *[no] {""}
}.
teka-event-redeal = { $who } pyytää uutta jakoa.
teka-event-kept = { $who } pitää korttinsa.
teka-event-call = { $who } { $kind ->
    [pass] passaa.
    [ter] sanoo ter.
   *[bid] tarjoaa { $bid }.
}
teka-event-all-passed = Kaikki neljä passasivat: ei pisteitä.
teka-event-declarer = { $who } on pelinviejä: { $bid } parille { $team }.{ $out ->
    [yes] {" "}{ $sitter } on sivussa.
   *[no] {""}
}
teka-event-trump = { $who } nimeää valtin: { $suit }.
teka-event-raised = { $who } korottaa sitoumuksen tasolle { $to }.
teka-event-scored = Jako { $deal } päättyi: { $result } Ottelu: { $first } { $a }, { $second } { $b }; voittaa pari, joka saa ensin { $target } pistettä.
teka-event-over = Ottelu päättyi: { $team } voittivat ja ehtivät ensin { $target } pisteeseen ({ $points }). { $others } saivat { $theirs }.

# Miksi tavallinen tietokonepelaaja valitsee siirron (rules::Why), vihjettä varten.
why-teka-redeal = Kädessäsi ei ole ässää eikä kuvakorttia: pyydä uusi jako.
why-teka-double13 = Jokainen kätesi kortti on varma tikki: tarjoa tuplakolmetoista.
why-teka-partner-highest = Parisi tarjous on korkein: passaa ja anna sen olla voimassa.
why-teka-call = Kätesi arvioidut tikit ja parisi todennäköinen osuus riittävät tähän tarjoukseen pienellä varalla.
why-teka-pass = Kätesi arvioidut tikit ja parisi todennäköinen osuus eivät riitä mihinkään tarjoukseen, jonka voit vielä tehdä: passaa.
why-teka-trump = Kätesi tuottaa eniten tikkejä, kun tämä maa on valttia.
why-teka-raise = Korota vain varmaan asti: puolesi jo ottamat tikit ja valttisi, joita kukaan ei voi lyödä.

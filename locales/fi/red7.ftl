# Red7 (src/rules/red7): colours and their rules, the table, buttons, confirm questions,
# refusals and events. Card notation (R7) is not a word and comes from the code.

red7-name = Red7
red7-summary = Jokainen kokoaa eteensä avoimen paletin, ja kankaan päällimmäisen kortin väri kertoo, kuka on johdossa: Punainen suurin kortti, Oranssi eniten samaa numeroa, Keltainen eniten samaa väriä, Vihreä eniten parillisia, Sininen eniten eri värejä, Indigo pisin suora, Violetti eniten alle 4:n kortteja (tasatilanteessa ratkaisee suurempi kortti: ensin numero, sitten väri järjestyksessä punainen, oranssi, keltainen, vihreä, sininen, indigo, violetti). Pelaa vuorollasi kortti palettiisi, kortti kankaalle säännön vaihtamiseksi tai molemmat — jos et ole johdossa vuorosi päättyessä, putoat pelistä. Viimeisenä pelissä oleva voittaa. Edistynyt peli: kankaalle pelattu kortti, jonka numero on suurempi kuin palettisi korttien määrä, antaa nostaa kortin, ja kunkin kierroksen voittaja saa pisteiksi sääntöön kelpaavien korttiensa numerot, 40 (2 pelaajaa), 35 (3) tai 30 (4) pisteeseen asti.

red7-colour-red = Punainen
red7-colour-orange = Oranssi
red7-colour-yellow = Keltainen
red7-colour-green = Vihreä
red7-colour-blue = Sininen
red7-colour-indigo = Indigo
red7-colour-violet = Violetti

red7-rule-red = suurin kortti
red7-rule-orange = eniten samaa numeroa
red7-rule-yellow = eniten samaa väriä
red7-rule-green = eniten parillisia kortteja
red7-rule-blue = eniten eri värejä
red7-rule-indigo = eniten kortteja suorassa
red7-rule-violet = eniten alle 4:n kortteja

red7-score = { $who } { $points }
red7-round-scores = Kierros { $round } · pisteet: { $scores } (ottelu { $target } pisteeseen)
red7-last-round = Kierros { $round }: { $who } voitti ja sai { $points } ({ $cards })
red7-canvas = Kangas: { $colour }: { $rule } ({ $top })
red7-canvas-top = päällimmäinen { $card }
red7-canvas-start = punainen aloituskortti
red7-seat = { $who } — paletti { $palette } · kädessä { $hand ->
    [one] { $hand } kortti
   *[other] { $hand } korttia
}{ $winning ->
    [yes] {" · johdossa"}
   *[no] {""}
}
red7-seat-out = { $who } — pudonnut kierrokselta { $place ->
    [1] ensimmäisenä
    [2] toisena
    [3] kolmantena
    [4] neljäntenä
   *[other] { $place }.
} · { $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
} kuvapuoli alaspäin
red7-scored = {"  "}pisteet: { $cards }
red7-winning = Johdossa nyt: { $who }
red7-winning-nobody = Johdossa nyt: ei kukaan
red7-draw-pile = Nostopakka: { $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
}
red7-turn = Vuorossa: { $who }{ $played ->
    [yes] {" (on pelannut palettiin)"}
   *[no] {""}
}
red7-over = Peli päättyi – voitto: { $winners }.
red7-over-target = Peli päättyi – voitto: { $winners }, joka ehti ensimmäisenä { $target } pisteeseen (yhteensä { $points } pistettä). Kunkin kierroksen voittaja saa pisteiksi viimeistä sääntöä noudattavien palettikorttiensa numerot.
red7-over-cards = Peli päättyi, koska kortit eivät riitä uuteen kierrokseen – voitto eniten pisteillä ({ $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
}; tavoite oli { $target }): { $winners }. Kunkin kierroksen voittaja saa pisteiksi viimeistä sääntöä noudattavien palettikorttiensa numerot.

red7-action-palette = { $card } → paletti · { $winning ->
    [yes] johdossa
   *[no] ei johdossa
}
red7-action-canvas = { $card } → kangas ({ $colour }) · { $winning ->
    [yes] johdossa
   *[no] ei johdossa
}{ $draws ->
    [yes] {" · nosta 1"}
   *[no] {""}
}
red7-action-end-winning = Lopeta vuoro · johdossa
red7-action-end-not-winning = Lopeta vuoro · ei johdossa: putoat
red7-action-end-nothing-played = Lopeta vuoro · mitään ei pelattu: putoat
red7-action-end-no-cards = Lopeta vuoro · kortit loppu: putoat

red7-confirm-canvas = Kun { $card } on kankaalla ({ $colour }), et ole johdossa: pelaatko sen ja putoat?
red7-confirm-end-not-winning = Et ole johdossa: lopetatko vuorosi ja putoat?
red7-confirm-end-nothing-played = Et ole pelannut mitään: lopetatko vuorosi ja putoat?

red7-end-is-legal = Voit lopettaa vuorosi nyt.
red7-not-a-card = { $card } ei ole Red7-kortti.
red7-palette-done = Olet jo pelannut palettiisi tällä vuorolla: pelaa kortti kankaalle tai lopeta vuorosi.
red7-no-cards = Korttisi ovat loppu: voit vain lopettaa vuorosi.
red7-not-held = Sinulla ei ole korttia { $card }.

red7-event-round-started = Kierros { $round }: paleteissa on { $palettes }; { $who } aloittaa.
red7-event-palette = { $who } pelaa kortin { $card } palettiinsa.
red7-event-canvas = { $who } pelaa kortin { $card } kankaalle: sääntö on nyt { $colour }.
red7-event-drew = { $who } nostaa kortin.
red7-event-out-nothing-played = { $who } ei pelannut mitään ja putoaa.
red7-event-out-not-winning = { $who } ei ole johdossa vuoronsa lopussa ja putoaa.
red7-event-round-won = { $who } on viimeinen pelissä (kaikki muut ovat pudonneet) ja voittaa kierroksen { $round }.
red7-event-round-scored = { $who } on viimeinen pelissä (kaikki muut ovat pudonneet) ja voittaa kierroksen { $round }: { $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
} eli viimeistä sääntöä noudattavien palettikorttien numerot ({ $cards }).

# The picture of the table.
red7-picture-round = Kierros { $round } · { $target } pisteeseen
red7-picture-canvas = Kangas: { $colour }
red7-picture-draw-pile = Nostopakka

# The game's own words, one line each (the table's ❔ button).
red7-word-palette = Paletti: edessäsi olevat avoimet korttisi; sääntö laskee vain ne.
red7-word-canvas = Kangas: keskipino; sen päällimmäisen kortin väri on sääntö, joka kertoo, kuka on johdossa.
red7-word-out = Pudonnut: pelaaja, joka ei ole johdossa vuoronsa päättyessä, putoaa kierrokselta; viimeisenä pelissä oleva voittaa sen.

red7-picture-palette = Paletti
red7-picture-palette-out = Paletti (pudonnut)

# Miksi tavallinen tietokonepelaaja valitsee siirron (rules::Why), vihjettä varten.
why-red7-end-winning = Olet johdossa palettikorttisi jälkeen: lopeta vuoro ja säästä muut korttisi.
why-red7-palette = Kun tämä kortti on paletissasi, olet johdossa nykyisellä säännöllä, eikä mikään heikompi kortti tee samaa.
why-red7-canvas = Kankaalla sen väristä tulee sääntö, jolla olet johdossa, eikä mikään heikompi kortti tee samaa.
why-red7-palette-then-canvas = Kun se on paletissasi, jokin kädessäsi jäljellä oleva kortti voi vaihtaa säännön niin, että olet johdossa.
why-red7-no-win = Mikään siirto ei nosta sinua johtoon: putoat joka tapauksessa.

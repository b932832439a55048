# Pishe Pasha (src/rules/pishe_pasha): the table, buttons, refusals and events.

pishe-name = Pishe Pasha
pishe-summary = Kahden pelaajan kilpa siitä, kuka tyhjentää ensin kuvapuoli alaspäin olevan pakkansa. Käännä kortteja yksi kerrallaan: ässät aloittavat peruspinot (yksi kullekin maalle, ässästä kuninkaaseen), ja kortti, joka sopii peruspinoon, on pelattava sinne; kortin, joka on arvoltaan yhtä suurempi tai pienempi kuin vastustajan poistopinon päällimmäinen, saa antaa hänelle; ensimmäinen kortti, jota et voi tai halua sijoittaa, menee omaan poistopinoosi ja päättää vuorosi. Tyhjennä pakkasi ja poistopinosi ensin, niin saat pisteen jokaisesta vastustajalle jääneestä kortista. Muunnelmat: kolme pelaajaa ja yksi yhteinen peruspino keskellä, yksi peruspino kahdelle, Seis-sääntö ja kirjan versio (pelkkää tuuria).

pishe-book-step = Askel { $step } · odotetaan kääntäjää: { $waiting }
pishe-turn = Vuorossa: { $who }
pishe-seat = { $who } — pakka { $stock } · poistopino { $pile }
pishe-pile-empty = tyhjä
pishe-pile = { $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
}: { $more ->
    [yes] …{" "}
   *[no] {""}
}{ $shown } (päällimmäinen { $top })
pishe-yours = Korttisi: pakassasi { $stock ->
    [one] { $stock } kortti
   *[other] { $stock } korttia
} kuvapuoli alaspäin (kukaan ei näe niitä) · poistopinosi { $pile }
pishe-foundations = Peruspinot: { $piles }
pishe-foundation-suit = { $suit } { $top }
pishe-foundation-single = { $top } ({ $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
})
pishe-turned-card = Käännetty kortti: { $card }
pishe-breach = { $who } rikkoi sääntöä: vastustaja voi huutaa Seis!
pishe-stop-called = { $who } huusi Seis: korjaa siirto tai ota vuoro itsellesi.

pishe-action-turn = Käännä kortti
pishe-action-give = Anna { $card } pelaajalle { $to }
pishe-action-discard = { $card } poistopinoon
pishe-action-foundation = { $card } peruspinoon
pishe-action-stop = Seis!
pishe-action-correct = Korjaa siirto
pishe-action-take-over = Ota vuoro itsellesi
pishe-action-flip = Käännä

pishe-flip-outside-book = Käännä-siirto kuuluu Pishe Pashan kirjan versioon.
pishe-only-flip = Kirjan versiossa ainoa siirto on Käännä.
pishe-stop-was-called = Seis on huudettu: valitse Korjaa tai Ota vuoro.
pishe-no-stop-rule = Tässä pöydässä ei pelata Seis-säännöllä.
pishe-no-breach = Ei ole sääntörikettä, jonka vuoksi huutaa Seis.
pishe-own-breach = Et voi huutaa Seis omasta rikkeestäsi.
pishe-nobody-stopped = Kukaan ei ole huutanut Seis.
pishe-only-stop = Vuorossa on paikka { $turn }; voit vain huutaa Seis.
pishe-place-turned-card = Sijoita ensin käännetty kortti.
pishe-nothing-to-discard = Ei käännettyä korttia poistopinoon laitettavaksi: käännä ensin kortti.
pishe-foundation-automatic = Tässä pelissä kortit pelataan peruspinoihin puolestasi.
pishe-no-foundation = { $card } ei sovi mihinkään peruspinoon.
pishe-no-card-to-play = Sinulla ei ole pelattavaa korttia.
pishe-no-such-seat = Tässä pöydässä ei ole paikkaa { $seat }.
pishe-give-to-self = Et voi antaa korttia itsellesi.
pishe-no-card-to-give = Sinulla ei ole annettavaa korttia: käännä ensin kortti.
pishe-no-discard-pile = Paikalla { $seat } ei ole vielä poistopinoa, johon antaa.
pishe-does-not-fit = { $card } ei sovi paikan { $seat } poistopinoon: sen on oltava arvoltaan yhtä suurempi tai pienempi kuin { $top }.

pishe-event-turned = { $who } kääntää kortin { $card }.
pishe-event-stock-renewed = { $who } kääntää poistopinonsa uudeksi pakaksi ({ $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
}).
pishe-event-to-foundation = { $who } pelaa kortin { $card } peruspinoon.
pishe-event-gave = { $who } antaa kortin { $card } pelaajalle { $to }.
pishe-event-discarded = { $who } laittaa kortin { $card } poistopinoon.
pishe-event-stopped = { $who } huutaa Seis pelaajalle { $offender }.
pishe-event-corrected = { $who } korjaa pelaajan { $offender } siirron.
pishe-event-took-over = { $who } ottaa vuoron pelaajalta { $offender }.
pishe-event-flipped = { $who } kääntää kortin { $card }.
pishe-event-captured = { $who } kaappaa pelaajan { $from } poistopinon ({ $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
}).
pishe-event-went-out = Peli päättyi: { $who } tyhjensi ensimmäisenä pakkansa ja poistopinonsa ja voittaa, { $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
}: yksi jokaisesta kortista, joka muilla on vielä pakassa ja poistopinossa.
pishe-event-no-cards = Peli päättyi: { $who } voittaa, koska toiselta pelaajalta loppuivat kortit.
pishe-event-repetition = Peli päättyi: asema toistuu, joten enemmän kortteja pitävä voittaa: { $who }.
pishe-event-repetition-draw = Peli päättyi: asema toistuu ja kummallakin on yhtä monta korttia, joten tulos on tasapeli.
pishe-event-step-cap = Peli päättyi: askelraja täyttyi, joten enemmän kortteja pitävä voittaa: { $who }.
pishe-event-step-cap-draw = Peli päättyi: askelraja täyttyi ja kummallakin on yhtä monta korttia, joten tulos on tasapeli.
pishe-event-over = Peli on päättynyt.

# The picture of the table.
pishe-picture-foundation = Peruspino
pishe-picture-foundation-suit = { $suit }
pishe-picture-discards = Poistopino
pishe-picture-turned = Käännetty kortti
pishe-picture-breach = Rikkoi sääntöä
pishe-picture-stop = Huusi Seis!

# The game's own words, one line each (the table's ❔ button).
pishe-word-foundation = Peruspino: keskellä oleva pino, yksi kutakin maata, alkaa ässästä ja kasvaa kuninkaaseen; sopiva kortti on pantava sinne.
pishe-word-give = Anna: pane vastustajan poistopinon päällimmäistä arvoa ylempi tai alempi kortti hänen poistopinoonsa.
pishe-word-discard = Poistopino: sinne menee kortti, jota et voi tai halua sijoittaa; se päättää vuorosi.

# Miksi tavallinen tietokonepelaaja valitsee siirron (rules::Why), vihjettä varten.
why-pishe-foundation = Se sopii peruspinoon, ja peruspinoon sopiva kortti on pantava sinne.
why-pishe-give = Se sopii vastustajan poistopinoon: antamalla sen tyhjennät omia pinojasi ja kasvatat hänen pinoaan.
why-pishe-stop = Vastustaja rikkoi sääntöä: sano Seis!
why-pishe-take-over = Seis-huutosi jälkeen ota vuoro itsellesi: rikkojan vuoro päättyy heti, ja sinun vuorosi alkaa.

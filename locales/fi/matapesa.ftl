# Mätäpesä (src/rules/matapesa): the table, refusals and events.

matapesa-name = Mätäpesä
matapesa-summary = Suomalainen kurkkupeli 3–8 pelaajalle: koko pakka jaetaan tasan, ja ylijäävät kortit käännetään kuvapuoli ylöspäin pöytään. Maalla ei ole koskaan väliä. Tikin aloittaja pelaa minkä tahansa kortin; muut pelaavat kortin, joka on vähintään yhtä suuri kuin siihen asti suurin, tai jonkin pienimmän arvonsa kortin. Suurin kortti voittaa tikin (tasatilanteessa viimeksi pelattu) ja aloittaa seuraavan. Viimeisen tikin voittaja häviää.

matapesa-over = Peli päättyi: { $loser } voitti viimeisen tikin ja häviää (ja jakaa seuraavaksi).
matapesa-turn = Vuorossa: { $who } · { $tricks ->
    [one] { $tricks } tikki
   *[other] { $tricks } tikkiä
} pelaamatta
matapesa-seat = { $who } — kädessä { $hand } · { $tricks ->
    [one] { $tricks } tikki
   *[other] { $tricks } tikkiä
} · pelatut: { $played }
matapesa-leftovers = Kuvapuoli ylöspäin, pois pelistä: { $cards }

matapesa-not-held = Sinulla ei ole korttia { $card }; pelaa sen sijaan { $instead }.
matapesa-none-of-rank = Sinulla ei ole yhtään { $rank ->
    [J] jätkää
    [Q] rouvaa
    [K] kuningasta
    [A] ässää
   *[other] { $rank }-korttia
}.
matapesa-why-too-low = Nyt käy vain kortti, jonka arvo on { $high } tai suurempi, tai jokin pienimmän arvosi kortti ({ $lowest }).
matapesa-too-low = Pelaa kortti, jonka arvo on { $high } tai suurempi, tai jokin pienimmän arvosi kortti ({ $lowest }); { $card } ei ole kumpaakaan.

matapesa-event-over = Peli päättyi: { $loser } voitti viimeisen tikin, ja viimeisen tikin voittaja häviää pelin. Kaikki muut selvisivät; { $loser } jakaa seuraavan pelin.

# The picture of the table.
matapesa-picture-leftovers = Pois pelistä
matapesa-picture-played = Pelatut
matapesa-picture-loser = Häviää

# The game's own words, one line each (the table's ❔ button).
matapesa-word-lowest = Pienin arvosi: kun et voi (tai halua) pelata yhtä suurta kuin tähänastinen suurin, pelaa jokin pienimmistä korteistasi.
matapesa-word-leftovers = Pois pelistä: kortit, jotka jäävät yli, kun pakka ei jakaudu tasan; ne näytetään kuvapuoli ylöspäin.

# Miksi tavallinen tietokonepelaaja valitsee siirron (rules::Why), vihjettä varten.
why-matapesa-shed-high = Tikkejä on jäljellä enemmän kuin kaksi: pääse nyt eroon suurimmasta kortistasi, sillä vain viimeinen tikki häviää.
why-matapesa-low-late = Tikkejä on jäljellä enintään kaksi: pelaa pienin korttisi, ettet ota viimeistä tikkiä.

# Kop (src/rules/kop): the table, the declarations, refusals and events. Sentences never make a
# seat the subject of a present-tense verb, so they read well with any name ("You" included).

kop-name = Kop
kop-summary = Pieni tikkipeli neljälle 16 kortilla (A, 10, Q, J). Kaksitoista korttia on valtteja, korkeimmista A♥ 10♥ Q♣ Q♠ alimpiin A♦ 10♦; mustat ässät ja kympit ovat sivumaita. Ristirouvan (Q♣) ja patarouvan (Q♠) haltijat ovat salaisia pareja; pelaaja, jolla on molemmat, voi julistaa häät, olla hiljaa tai pelata soolon. Tunnusta maata, muuten lyö valttia, ja ylitä tikki, kun voit. Puolue tarvitsee 53 korttipistettä 104:stä; voittajat saavat voittokortteja häviäjiltä (soolossa 2 kultakin). Kaikilla on aluksi 5; ottelu päättyy, kun joltakulta loppuvat voittokortit.

kop-deal = Jako { $deal } · jakaja { $dealer }
kop-waiting = Ennen ensimmäistä avausta odotetaan julistusta: { $seats } (vain molempien mustien rouvien haltija voi julistaa häät tai soolon).
kop-turn = Vuorossa: { $who }
kop-over = Ottelu päättyi. Voittaja eniten voittokortein: { $winners }.
kop-announcement = { $declaration ->
    [wedding] { $who } julisti häät: pari on korkeimman sellaisen jätkän haltija, joka ei ole julistajan kädessä.
   *[solo] { $who } julisti soolon, yksin kolmea muuta vastaan.
}
kop-partner-of = Sinulla on kutsuttu jätkä: olet pelaajan { $caller } pari.
kop-silent-alone = Sinulla on molemmat mustat rouvat, ja pelaat yksin julistamatta.
kop-one-queen = Sinulla on musta rouva: parisi kädessä on { $card }.
kop-last-trick = { $last } ({ $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
})
kop-points-taken = Saadut korttipisteet: { $seats }
kop-scores = Pisteet: { $seats }
kop-score = { $n ->
    [one] { $n } voittokortti
   *[other] { $n } voittokorttia
}
kop-seat-figure = { $who } { $n }
kop-seat-change = { $who } { $change } (nyt { $n })
kop-round = Jako { $deal }: { $contract }. { $outcome }
kop-round-even = Kumpikin puoli sai 52 korttipistettä 104:stä, ja voittoon tarvitaan 53, joten kukaan ei voittanut eikä voittokortteja siirretty.
kop-round-won = Voitto: { $winners }, { $points }/104 korttipistettä (voittoon tarvitaan 53; toinen puoli sai { $others }). Voittokortit: { $changes }.
kop-contract-queens = { $clubs } ja { $spades } pitivät mustia rouvia ja pelasivat yhdessä
kop-contract-wedding = { $caller } julisti häät ja pelasi yhdessä pelaajan { $partner } kanssa
kop-contract-silent = { $who } piti kumpaakin mustaa rouvaa ja pelasi yksin kertomatta siitä
kop-contract-solo = { $who } pelasi soolon yksin kolmea muuta vastaan

kop-label-wedding = Häät (kutsu korkein jätkä)
kop-label-solo = Soolo (yksin, julistettu)
kop-label-silent = Hiljaa (yksin, julistamatta)
kop-label-no-announcement = Ei julistusta

kop-only-queens-announce = Vain molempien mustien rouvien haltija voi julistaa häät tai soolon.
kop-declarations-over = Julistukset tehdään ennen ensimmäistä avausta.
kop-declare-first = Tee julistuksesi ennen ensimmäistä avausta.
kop-not-held = Sinulla ei ole korttia { $card }.
kop-cannot-lead = Tällä kortilla ei voi avata nyt.
kop-must-beat = Sinun on ylitettävä { $card }, kun voit.
kop-must-follow = Sinun on tunnustettava { $class ->
    [trumps] valttia
    [clubs] ristiä
   *[spades] pataa
}, kun voit.
kop-must-beat-with-trump = Sinun on ylitettävä { $card } valtilla, kun voit.
kop-must-trump = Sinulla ei ole { $class ->
    [trumps] valtteja
    [clubs] ristiä
   *[spades] pataa
}, joten sinun on lyötävä valttia.
kop-cannot-play = Tätä korttia ei voi pelata nyt.

kop-event-dealt = Jako { $deal }, jakajana { $dealer }.
kop-event-declared = { $who } teki julistuksen.
kop-event-announced = { $declaration ->
    [wedding] { $who } julisti häät.
    [solo] { $who } julisti soolon.
   *[silent] { $who } ei julistanut mitään.
}
kop-event-trick = { $who } otti tikin ({ $points ->
    [one] { $points } korttipiste
   *[other] { $points } korttipistettä
}).
kop-event-over = Peli päättyi.

# The picture of the table.
kop-picture-announced = { $declaration ->
    [wedding] Häät
    [solo] Soolo
   *[silent] Hiljaa
}
kop-picture-declared = Ilmoittanut
kop-picture-points = { $n ->
    [one] { $n } korttipiste
   *[other] { $n } korttipistettä
}

# The game's own words, one line each (the table's ❔ button).
kop-word-partners = Parit: Q♣:n ja Q♠:n haltijat pelaavat yhdessä, eikä kenellekään kerrota, keitä he ovat, ennen kuin kortit sen paljastavat.
kop-word-wedding = Häät: molempien mustien rouvien haltija kutsuu parikseen sen, jolla on korkein sotilas, jota kutsujalla itsellään ei ole.
kop-word-solo = Soolo: molempien mustien rouvien haltija pelaa ilmoitetusti yksin kolmea vastaan; voittokortit siirtyvät kaksi kerrallaan.
kop-word-silent = Hiljainen: molempien mustien rouvien haltija pelaa yksin kertomatta kenellekään.
kop-word-points = Korttipisteet: A 11, 10 10, Q 3, J 2 — yhteensä 104; kierroksen voittoon tarvitaan 53.
kop-word-victory = Voittokortit: jokaisella on aluksi 5; kierroksen voittajat ottavat niitä hävinneiltä, ja ottelu päättyy, kun joltakulta loppuvat ne.

# Miksi tavallinen tietokonepelaaja valitsee siirron (rules::Why), vihjettä varten.
why-kop-solo = Sinulla on molemmat mustat rouvat ja vahva käsi (A♥ tai pelkkiä valtteja, joissa on 10♥ tai ei A♦:aa eikä 10♦:aa): pelaa soolo yksin kolmea muuta vastaan.
why-kop-wedding = Sinulla on molemmat mustat rouvat: julista häät, niin korkeimman sinulta puuttuvan sotilaan haltija pelaa kanssasi.
why-kop-lead-top-trump = Mikään vielä näkemätön kortti ei voita tätä valttia: avaa sillä.
why-kop-lead-cheap-trump = Avaa halvimmalla valtillasi ja säästä vahvat myöhemmäksi.
why-kop-lead-cheap = Sinulla ei ole valtteja: avaa halvimmalla kortillasi.
why-kop-lead-rich-side = Avaa nyt arvokkain sivumaan korttisi: ristin tai padan ässä tai kymppi lyödään valtilla heti, kun joltakulta puuttuu sen maa, joten se pelataan aikaisin ja korkeat valtit odottavat.
why-kop-lead-weak-trump = Sinulla ei ole sivumaan kortteja: avaa A♦:lla tai 10♦:lla, alimmilla valteillasi, ja säästä korkeat arvokkaisiin tikkeihin.
why-kop-smear = Puolesi ottaa tämän tikin varmasti: lisää siihen niin paljon pisteitä kuin voit.
why-kop-take-sure = Ota tikki arvokkaimmalla kortillasi, jota kukaan jälkeesi pelaava mahdollinen vastustaja ei voi lyödä.
why-kop-try-high = Tikissä on vähintään 20 pistettä: yritä ottaa se vahvimmalla kortillasi, joka sen voittaa.
why-kop-give-little = Mikään pelattavissa oleva korttisi ei ota tätä tikkiä varmasti: anna mahdollisimman vähän pisteitä.

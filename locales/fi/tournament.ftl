# Turnaukset (pöytäpalvelun tapahtumat): mitä ne torjuvat (EventError::msg).

event-no-such-event = Tätä turnausta ei enää ole.
event-cancelled = Tämä turnaus peruttiin; sen painikkeet eivät enää tee mitään.
event-finished = Tämä turnaus on päättynyt; sen painikkeet eivät enää tee mitään.
event-already-signed-up = Olet jo ilmoittautunut tähän turnaukseen.
event-not-signed-up = Et ole ilmoittautunut tähän turnaukseen.
event-full = { $limit ->
    [one] Turnaus on täynnä: siihen mahtuu { $limit } pelaaja.
   *[other] Turnaus on täynnä: siihen mahtuu { $limit } pelaajaa.
}
event-sign-up-closed = Ilmoittautuminen on päättynyt: puolet kierroksista on pelattu (pudotuspeleissä se päättyy, kun kaavio arvotaan).
event-not-organiser = Vain turnauksen järjestäjä tai palvelimen hallinnoija voi tehdä sen.
event-too-few-players = { $need ->
    [one] Turnaus tarvitsee alkaakseen ainakin { $need } pelaajan; ilmoittautuneita on { $have }.
   *[other] Turnaus tarvitsee alkaakseen ainakin { $need } pelaajaa; ilmoittautuneita on { $have }.
}
event-round-underway = Kierros { $round } on jo käynnissä: seuraava kierros alkaa, kun sen pelit päättyvät.
event-no-check-in = Sisäänkirjautuminen ei ole nyt auki: se avautuu ennen jokaista kierrosta.
event-already-checked-in = Olet jo kirjautunut tälle kierrokselle.
event-paused = Turnaus on tauolla: jatka sitä ensin.
event-not-duplicate = Duplikaatti on tikkipeleille ({ $games }), joissa pöydillä voi olla samat kortit.
event-seats = { $seats } paikkaa: turnauspöydissä on 2–8 paikkaa.
event-too-many-rounds = { $max ->
    [one] Tämä muoto sallii tässä enintään { $max } kierroksen.
   *[other] Tämä muoto sallii tässä enintään { $max } kierrosta.
}

# Turnauksen viesti Discordissa (discord::render::event).
discord-event-format-swiss = sveitsiläinen
discord-event-format-round-robin = kaikki kaikkia vastaan
discord-event-format-knockout = pudotuspelit
discord-event-format-duplicate = duplikaatti
discord-event-title = 🏆 **{ $game }-turnaus**, järjestäjä { $organiser }: { $format }, { $rounds ->
    [0] niin monta kierrosta kuin muoto aloittaville pelaajille määrää
    [one] { $rounds } kierros
   *[other] { $rounds } kierrosta
}, { $seats } paikkaa pöydässä.
discord-event-settings = Kierros kestää { $minutes ->
    [one] { $minutes } minuutin
   *[other] { $minutes } minuuttia
}, ja ennen sitä on { $checkin ->
    [one] { $checkin } minuutin
   *[other] { $checkin } minuutin
} sisäänkirjautuminen. Tietokonepelaajat ({ $level }) täyttävät tyhjät paikat ja pelaavat niiden puolesta, jotka eivät kirjautuneet; he häviävät sen pelin.
discord-event-signup = Ilmoittautuminen on auki: { $count }/{ $max } pelaajaa. { $organiser } aloittaa turnauksen painikkeella ▶️ Aloita.
discord-event-checkin = ✅ **Kirjaudu kierrokselle { $round }** — kirjautuminen päättyy { $until }. Kirjautuneita { $checked }/{ $count }.
discord-event-playing = **Kierros { $round }/{ $rounds }** pelataan alla olevissa ketjuissa; sen aika loppuu { $until }, minkä jälkeen tietokonepelaajat pelaavat kesken olevat pelit loppuun.
discord-event-paused-line = ⏸️ Järjestäjä on keskeyttänyt turnauksen: kierros ei ala ennen kuin sitä jatketaan.
discord-event-finished = 🏁 Turnaus on päättynyt.
discord-event-cancelled = Turnaus peruttiin.
discord-event-players = Ilmoittautuneet: { $players }{ $more ->
    [0] {""}
   *[other] {" "}ja { $more } muuta
}.
discord-event-withdrawn = Lähteneet: { $players }.
discord-event-left = { $who }
discord-event-left-absent = { $who } (poissa kaksi kierrosta)
discord-event-standings-head = **Tilanne { $round ->
    [one] { $round } kierroksen
   *[other] { $round } kierroksen
} jälkeen**
discord-event-standings-head-live = **Tilanne kierroksen { $round } aikana** (sen vapaakierrokset, luovutusvoitot ja päättyneet pelit laskettuina)
discord-event-standing = { $rank }. { $who } — { $points } p. ({ $breaks })
discord-event-standing-knockout = { $rank }. { $who } — { $out ->
    [1] pudonnut
    [2] voittaja
   *[other] yhä mukana
} ({ $breaks })
discord-event-more = …ja { $more } muuta.
discord-event-buchholz = Buchholz { $points }
discord-event-sonneborn-berger = Sonneborn–Berger { $points }
discord-event-match-points = { $points } ottelupistettä
discord-event-round-reached = pääsi kierrokselle { $round }
discord-event-won-final = voitti finaalin
discord-event-seed = sijoitus { $seed }
discord-event-round-head = **Kierros { $round }**
discord-event-seat-player = { $who }
discord-event-seat-computer = tietokonepelaaja
discord-event-table = Pöytä { $n }: { $players } — { $why }. { $state }
discord-event-more-tables = …ja { $more } muuta pöytää.
discord-event-why-first-round = ensimmäinen kierros: yksi pelaaja kustakin vahvuusjärjestyksen { $slices } osasta (sijat { $places })
discord-event-why-score-level = pelaajat, joilla on { $points } { $points ->
    [one] piste
   *[other] pistettä
}, kukaan ei kohtaa uudelleen
discord-event-why-score-group = pelaajat, joilla on { $bottom }–{ $top } pistettä, kukaan ei kohtaa uudelleen
discord-event-why-score-group-repeats = pelaajat, joilla on { $bottom }–{ $top } pistettä; { $pairs } kohtaavat uudelleen, koska mikään paritus ei sitä välttänyt
discord-event-pair = { $a } ja { $b }
discord-event-why-schedule = { $new }/{ $pairs } parista kohtaa ensimmäistä kertaa
discord-event-why-bracket = kaavion sijoitukset { $seeds }
discord-event-why-computers = { $why }; { $computers ->
    [one] tietokonepelaaja täyttää yhden paikan
   *[other] { $computers } tietokonepelaajaa täyttää paikkoja
}
discord-event-table-opening = Avataan…
discord-event-table-playing = Pelissä.
discord-event-table-walkover = { $who } voittaa luovutuksella: muut eivät tulleet.
discord-event-table-result = Tulos: { $points }.
discord-event-table-match-points = Ottelupisteet: { $points }.
discord-event-table-points = { $who } { $points }
discord-event-byes = { $format ->
    [round-robin] Lepovuorossa tällä kierroksella: { $players }.
    [knockout] Jatkoon ilman peliä (vapaakierros): { $players }.
    [duplicate] Vapaakierros, kierroksen keskiarvon verran pisteitä: { $players }.
   *[swiss] Vapaakierros, lasketaan voitoksi: { $players }.
}
discord-event-walkovers = Jatkoon ilman peliä (luovutusvoitto): { $players }.
discord-event-absent = Eivät kirjautuneet (heidän pelinsä lasketaan häviöksi): { $players }.
discord-event-thread = { $game } · kierros { $round } · pöytä { $n }
discord-event-champions = 🥇 { $game }-turnaus on päättynyt. { $count ->
    [one] Voittaja on { $players }!
   *[other] Voittajat ovat { $players }!
}
discord-event-not-in-thread = Turnaus järjestetään kanavalla, ei ketjussa: jokaisen kierroksen pelit avautuvat sen kanavan ketjuihin. Käytä komentoa `/tournament` itse kanavalla.
discord-event-button-sign-up = Ilmoittaudu
discord-event-button-withdraw = Poistu
discord-event-button-check-in = Kirjaudu
discord-event-button-start = Aloita
discord-event-button-begin-round = Aloita kierros nyt
discord-event-button-pause = Keskeytä
discord-event-button-resume = Jatka
discord-event-button-cancel = Peru turnaus
discord-event-signed-up = Olet ilmoittautunut. Kun järjestäjä aloittaa turnauksen, kirjaudu ennen jokaista kierrosta painikkeella ✅ Kirjaudu.
discord-event-withdrew = Olet poistunut turnauksesta. Ilmoittaudu uudelleen, kun ilmoittautuminen on auki, niin pääset takaisin.
discord-event-checked-in = Olet kirjautunut kierrokselle { $round }.
discord-event-started = Kierroksen { $round } sisäänkirjautuminen on auki.
discord-event-round-begun = Kierros { $round } alkaa: sen pöydät avautuvat tämän kanavan ketjuihin.
discord-event-paused-now = Turnaus on keskeytetty.
discord-event-resumed = Turnaus jatkuu.
discord-event-cancelled-now = Turnaus on peruttu. Käynnissä olevat pelit pelataan loppuun tavallisina peleinä.

# /tournament: nimi, kuvaus ja parametrit.
discord-name-tournament = turnaus
discord-cmd-tournament = Järjestä pelin turnaus tällä kanavalla: ilmoittautuminen, kierrokset ja tilanne.
discord-name-format = muoto
discord-name-rounds = kierrokset
discord-name-players = pelaajat
discord-name-round-minutes = kierrosminuutit
discord-name-checkin-minutes = kirjautumisminuutit
discord-param-tournament-game = Peli, esim. paskahousu
discord-param-tournament-format = Sveitsiläinen, kaikki kaikkia vastaan, pudotuspelit tai duplikaatti (tikkipelit)
discord-param-tournament-rounds = Kierrosten määrä (oletuksena niin monta kuin muoto määrää)
discord-param-tournament-seats = Paikkoja pöydässä (2–8; oletuksena pelin pienin)
discord-param-tournament-players = Enintään näin monta pelaajaa voi ilmoittautua (enintään 256)
discord-param-tournament-round-minutes = Kierroksen kesto minuutteina, ennen kuin tietokonepelaajat pelaavat pelit loppuun (30)
discord-param-tournament-checkin-minutes = Sisäänkirjautumisen kesto minuutteina ennen jokaista kierrosta (5)
discord-param-tournament-level = Paikkoja täyttävien tietokonepelaajien taso
discord-param-tournament-options = Pelin valinnat, esim. deals=3
discord-param-tournament-seed = Luku, joka kiinnittää paritukset ja jaot (toistettava turnaus)

# Kaudet (/settings seasons:, kauden päättyminen).
discord-name-seasons = kaudet
discord-param-settings-seasons = Palvelimen luokitukset kuukauden tai neljännesvuoden kausina, ilmoitukset tälle kanavalle
discord-choice-monthly = kuukausittain
discord-choice-quarterly = neljännesvuosittain
discord-choice-off = pois
discord-settings-seasons = Kaudet: { $seasons ->
    [monthly] kuukausittain
    [quarterly] neljännesvuosittain
   *[off] pois (luokitukset jatkuvat ilman loppua)
}.
discord-settings-seasons-on = Tästä lähtien luokitukset kulkevat { $seasons ->
    [monthly] kuukauden
   *[quarterly] neljännesvuoden
} kausina; kausi { $name } on käynnissä. Kun kausi päättyy, sen mestarit ilmoitetaan tällä kanavalla, `/scores season:` säilyttää sen lopputilanteen, ja jokainen luokitus aloittaa seuraavan kauden siitä mihin jäi, liikkumavaraa lisättynä.
discord-settings-seasons-off = Luokitukset eivät enää kulje kausina: ne jatkuvat siitä mihin jäivät, ja menneet kaudet säilyvät komennossa `/scores season:`.
discord-season-ended = 🏆 **Kausi { $season } on päättynyt** (kausi { $next } on alkanut). Sen mestarit:
discord-season-champion-all = Kaikissa peleissä yhteensä: { $who } ({ $rating })
discord-season-champion = { $game }: { $who } ({ $rating })
discord-season-no-champions = Kukaan ei pelannut luokiteltua peliä kaudella { $season }.

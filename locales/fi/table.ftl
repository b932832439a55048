# The table service (src/table): what it refuses, and the words its views carry.

table-not-started-yet = Peli ei ole vielä alkanut.

# The points of a place in a final ranking (Place::points_msg); tied seats' points by "/".
table-points = { $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
}
table-points-tied = { $points } pistettä


level-easy = helppo
level-normal = tavallinen
level-hard = vaikea

# Refusals (TableError::msg). `who` is a seat of the table or of the refused request.
table-unknown-game = Peliä nimeltä "{ $name }" ei ole. `/rules` luettelee pelit.
table-channel-busy = Tällä kanavalla on jo pöytä auki: pelaa se loppuun tai lopeta se ensin komennolla `/abandon`.
table-too-many-tables = { $limit ->
    [one] Sinulla on jo tällä palvelimella avoin pöytä, eikä yhdellä pelaajalla voi olla useampia: pelaa se loppuun tai lopeta se ensin komennolla `/abandon`.
   *[other] Sinulla on jo tällä palvelimella { $limit } avointa pöytää, eikä yhdellä pelaajalla voi olla enempää: pelaa yksi loppuun tai lopeta se ensin komennolla `/abandon`.
}
table-server-full = { $limit ->
    [one] Tällä palvelimella on jo avoin pöytä, eikä niitä voi olla useampia: pelaa se loppuun tai lopeta se ensin komennolla `/abandon`.
   *[other] Tällä palvelimella on jo { $limit } avointa pöytää, eikä niitä voi olla enempää: odota, että jokin päättyy, tai lopeta jokin komennolla `/abandon`.
}
table-invite-self = Olet jo tässä pöydässä; kutsu joku muu.
table-invite-bot = { $who } on botti eikä voi pelata; kutsu ihmisiä.
table-invited-twice = { $who } on mainittu kahdesti.
table-too-many-players = { $seats } paikkaan ei mahdu { $named } nimettyä pelaajaa.
table-no-table = Tällä kanavalla ei ole avointa pöytää.
table-closed = Tämä pöytä on suljettu.
table-nothing-to-resume = Sinulla ei ole tällä kanavalla keskeytettyä ottelua.
table-no-longer-replays = Tätä keskeytettyä ottelua ei voitu jatkaa pakan päivityksen jälkeen, joten se on suljettu ilman tulosta. Aloita uusi komennolla /play.
table-stood-in = Tietokonepelaaja tuuraa sinua: paina "Olen takaisin", niin saat paikkasi takaisin.
table-not-away = Pelaat jo paikkaasi itse.
table-not-seated = Et istu tässä pöydässä.
table-not-creator = Vain pöydän avannut pelaaja voi tehdä sen.
table-not-allowed = Vain tämän pöydän pelaaja tai jäsen, jolla on oikeus hallita viestejä tällä kanavalla, voi lopettaa sen.
table-not-running = Tämä peli ei ole käynnissä: aloittamattomasta pöydästä kieltäydytään tai se perutaan sen omalla painikkeella.
table-not-invited = Tämä kutsu ei ole sinulle.
table-already-accepted = Olet jo hyväksynyt kutsun.
table-already-seated = Sinulla on jo paikka tässä pöydässä.
table-full = Kaikki paikat on varattu.
table-not-started = Peli ei ole vielä alkanut: kaikkien kutsuttujen on ensin hyväksyttävä kutsu.
table-already-started = Tämä peli on jo alkanut; painike kuuluu sen aloittamattomaan pöytään eikä muuta enää mitään.
table-stale = Painike kuuluu pelin aiempaan tilanteeseen; tässä kätesi sellaisena kuin se nyt on.
table-other-shard = Tämän palvelimen pelejä pyörittää toinen pakka-prosessi, joten tämä ei voi aloittaa tai jatkaa pöytää täällä. Kerro botin ylläpitäjälle: sen SHARDS-asetus ei vastaa Discordin jakoa.
table-internal = Jotain meni vikaan meidän päässämme; peli on ennallaan. Yritä uudelleen.
table-unavailable = pakan tietokanta ei vastaa, joten mitään ei tallennettu eikä mitään muutettu. Yritä hetken päästä uudelleen.
table-unsaved = Siirtoasi ei voitu tallentaa, joten mitään ei muuttunut. Yritä hetken päästä uudelleen.

# The story of a table (TableView::story, HandView::story).
# Cards that came into a seat's own hand, told only to that seat ($n: how many).
table-new-in-hand = { $n ->
    [one] Uusi kortti kädessäsi: { $cards }
   *[other] Uudet kortit kädessäsi ({ $n } korttia): { $cards }
}
# The scores of seats tied for one place when they differ (shown as "5 points / 7 points").
table-scores-tied = { $scores }

# Pöydässä oppiminen (issue 30): vihjeet ja tietokonepelaajalta otetut paikat.
table-no-hints = Tämä pöytä avattiin ilman vihjeitä: kun avaat pöydän komennolla `/play` ja valinnalla `vihjeet`, jokaisessa kädessä on 💡.
table-no-hint-now = Nyt ei ole vuorosi: vihje kertoo siirtosi, kun sinulla on siirto tehtävänä.
table-seats-not-open = Tämän pöydän paikat eivät ole avoinna: tietokonepelaajan paikan voi ottaa vain pöydässä, joka avattiin komennolla `/play` ja valinnalla `avoimet_paikat`.
table-not-a-computer-seat = Paikka ei ole tietokonepelaajan: vain tietokonepelaajan paikan voi ottaa, ei koskaan ihmisen.
table-event-table = Tämä peli kuuluu turnauksen kierrokseen, joten sitä ei voi keskeyttää: pelaa se loppuun, tai se päättyy itsestään kierroksen ajan loputtua.
table-event-rematch = Turnauksen pelistä ei pelata uusintaa: turnaus arpoo seuraavan kierroksensa itse.
table-no-such-season = Tällä palvelimella ei ole kautta { $season }. `/scores` ilman kautta näyttää nykyisen.
table-took-over = { $who } otti paikan { $n } tietokonepelaajalta ({ $level }).
# A person's move out of turn: seats named, counted from 1 (the engine console says "seat 0").
table-not-your-turn = { $waiting ->
    [0] Kukaan ei ole vuorossa
   *[other] Vuorossa on { $to_act }
}, et sinä ({ $seat }).

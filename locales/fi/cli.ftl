# The terminal (src/cli): `pakka play`, `pakka arena` and `pakka games`.

cli-unknown-game = peliä "{ $name }" ei ole; pelit ovat { $ids }
cli-games-line = { $name }, { $players }
cli-games-line-aliases = { $name } (myös { $aliases }), { $players }
cli-players-exactly = { $n } pelaajaa
cli-players-option = { $players } ({ $min }–{ $max }, kun { $option }=true)
cli-players-range = { $min }–{ $max } pelaajaa
cli-unknown-level = "{ $level }" ei ole taso; tasot ovat easy (helppo), normal (tavallinen) ja hard (vaikea).
cli-computer-refused = tietokonepelaajan siirto hylättiin: { $reason }

# pakka play: the person at the terminal has the first seat, named so it reads well in any
# sentence. Seats count from 1, as in a Discord lobby.
cli-seat-you = Pelaaja { $n } (sinä)
cli-seat-computer = Tietokone { $n }
cli-play-header = { $game } · { $seats } pelaajaa · sinä olet pelaaja 1 · tietokoneen taso { $level } · siemen { $seed }
# What happened: one public event of a move, anyone's, as Discord's story tells it.
cli-told = › { $what }
cli-prompt = { $last ->
    [1] Sinun siirtosi (1, q lopettaa):{ " " }
   *[other] Sinun siirtosi (1–{ $last }, q lopettaa):{ " " }
}
cli-confirm = { $question } (k/e):{ " " }
cli-type-number = { $last ->
    [1] Kirjoita 1 (tai q lopettaaksesi).
   *[other] Kirjoita luku väliltä 1–{ $last }.
}
cli-not-played = Ei pelattu; valitse uudelleen.
# The two steps of a grouped choice, as on Discord.
cli-choice-group = { $group } …
cli-group-title = { $group }:
cli-back = ◀ Takaisin
# A move that costs the player (a surrender, going out).
cli-choice-danger = { $label } (!)
cli-seat-score = { $who } { $score }
cli-deal-scores = Jaon { $deal } jälkeen: { $scores }
cli-game-over = Peli päättyi.
cli-place = { $place }. { $who }

# pakka arena
cli-arena-title = { $game } · { $seats } paikkaa · { $deals } jakoa × { $rotations } kiertoa
cli-arena-player = pelaaja
cli-arena-n = n
cli-arena-win-share = voitto-osuus
cli-arena-points = pisteet/jako
cli-arena-fair-share = tasaosuus { $share } %
cli-arena-intervals = 95 %:n välit { $deals ->
        [one] yhden jaon
       *[other] { $deals } jaon
    } yli, kunkin jaon { $rotations ->
        [one] kierto
       *[other] { $rotations } kiertoa
    } keskiarvona
cli-arena-players = --players nimeää { $players ->
    [one] { $players } pelaajan
   *[other] { $players } pelaajaa
} { $seats } paikalle

# Starting the bot (src/config.rs): what the operator is told about a bad setting.
config-missing-token = DISCORD_TOKEN puuttuu: aseta bottisi tunnus (Discord developer portal → sovelluksesi → Bot → Reset Token) ympäristöön tai .env-tiedostoon; katso .env.example.
config-bad-guild = DEV_GUILD_ID:n on oltava palvelimen tunnus (luku), ei "{ $value }".
config-bad-number = Asetuksen { $name } on oltava kokonaisluku, ei "{ $value }".
config-bad-flag = Asetuksen { $name } on oltava true tai false, ei "{ $value }".
config-bad-shards = SHARDS-asetuksen on oltava tämän prosessin ensimmäinen ja viimeinen shardi sekä shardien kokonaismäärä muodossa ensimmäinen-viimeinen/kaikki (esim. 0-3/16), ei "{ $value }".
config-shards-reversed = SHARDS "{ $value }" luettelee shardit väärin päin: ensimmäinen ({ $first }) ei saa tulla viimeisen ({ $last }) jälkeen.
config-shard-beyond-total = SHARDS "{ $value }" mainitsee shardin { $last }, mutta { $total } shardia on numeroitu 0–{ $highest }.
config-bad-metrics-addr = METRICS_ADDR-asetuksen on oltava osoite ja portti, joista mittarit tarjotaan, muodossa osoite:portti (esim. 127.0.0.1:9184), ei "{ $value }".
config-bad-activity-addr = ACTIVITY_ADDR-asetuksen on oltava osoite ja portti, joista aktiviteetin ikkuna tarjotaan, muodossa osoite:portti (esim. 0.0.0.0:8080), ei "{ $value }".
config-no-shards = SHARDS "{ $value }" sanoo, ettei botilla ole yhtään shardia: kokonaismäärän on oltava vähintään 1.

# The command line's help (src/main.rs).
cli-help-about = Yhdeksän perinteistä korttipeliä Discordiin ja niiden sääntömoottori
cli-help-serve = Käynnistä Discord-botti (oletus). Lukee DISCORD_TOKEN-muuttujan ja muut asetukset ympäristöstä tai .env-tiedostosta.
cli-help-engine = Ohjaa sääntömoottoria yhdellä JSON-oliolla riviä kohden vakiosyötteestä (katso README.md).
cli-help-games = Luettele pelit, niiden tunnisteet, muut nimet ja pelaajamäärät.
cli-help-play = Pelaa peliä päätteessä tietokonepelaajia vastaan.
cli-help-arena = Tietokonepelaajat toisiaan vastaan: voitto-osuudet, keskimääräiset pisteet ja päätösajat.
cli-help-game = Pelin tunniste tai muu nimi.
cli-help-play-seats = Paikkojen määrä (oletus: pienin, jonka peli sallii).
cli-help-level = Tietokonepelaajien taso: easy, normal tai hard.
cli-help-play-seed = Jaa tunnettu pakka.
cli-help-options = Pelin asetukset nimi=arvo-sanoina, esim. "stop_rule=true".
cli-help-arena-seats = Paikkojen määrä (oletus: yksi kullekin pelaajalle).
cli-help-players = Yksi taso kullekin paikalle pilkuin erotettuina, esim. hard,normal,easy.
cli-help-games-count = Pelattavien siemenestä jaettujen jakojen määrä, kukin kerran pelaajien jokaisella kierrolla (oletus 100; --table-valitsimella 600 paria kohden).
cli-help-arena-seed = Ensimmäisen jaon siemen; muut seuraavat sitä.
cli-help-threads = Työsäikeiden määrä.
cli-help-lang = Päätteen tulosteiden kieli, esim. fi tai en-US (oletus: LC_ALL, LC_MESSAGES tai LANG).
cli-error = virhe: { $detail }
cli-help-invite = Tulosta linkit, joilla tämä botti (DISCORD_TOKENin) lisätään palvelimelle pakan tarvitsemin oikeuksin ja pakka jonkun omalle tilille.
cli-invite =
    Avaa tämä linkki lisätäksesi botin palvelimelle, jota hallinnoit (laajuudet: { $scopes }; oikeudet: { $permissions }):
    { $url }
    Tai avaa tämä lisätäksesi pakan omalle tilillesi, niin voit pelata yksityisviesteissä, ryhmäviesteissä ja palvelimilla, joilla bottia ei ole (ota ensin User Install käyttöön kehittäjäportaalissa):
    { $user_url }
cli-invite-failed = botin sovellusta ei voitu lukea Discordista (tarkista DISCORD_TOKEN ja DISCORD_HTTP_PROXY, jos se on asetettu): { $detail }
cli-no-runtime = virhe: asynkronista ajoympäristöä ei voi käynnistää: { $detail }

# pakka render
cli-render-wrote = Kirjoitettiin { $path } ({ $width }×{ $height } pikseliä, { $kb } kt).
cli-render-cannot-write = tiedostoa { $path } ei voi kirjoittaa
cli-render-no-seat = paikkaa { $seat } ei ole: paikat ovat 1–{ $last }
cli-help-render = Piirrä siemenellä jaetun tilanteen kuva (pöytä tai yhden paikan kortit) PNG-tiedostoon (tai SVG-tiedostoon, tiedoston nimen mukaan).
cli-help-render-seed = Jaon siemen (ja ennen kuvaa pelattujen siirtojen).
cli-help-render-moves = Montako siirtoa tavallisen tietokonepelaajan nyrkkisäännöllä pelataan ennen piirtämistä.
cli-help-render-seat = Piirrä tämän paikan kortit julkisen pöydän sijaan (paikat numeroidaan 1:stä, kuten Discordissa).
cli-help-render-output = Kirjoitettava tiedosto (.png tai .svg).

# pakka ratings.
cli-help-ratings = Laske kaikki luokitukset uudelleen tallennetuista tuloksista niiden luokittelujärjestyksessä ja korvaa tallennetut, jos ne eroavat.
cli-help-database = Tietokanta: DATABASE_URL (sqlite://… tai postgres://…) tai SQLite-tiedoston polku.
cli-help-ratings-check = Vain vertaa: epäonnistu, jos tallennetut luokitukset eroavat uudelleen lasketuista.

# pakka backup ja pakka restore.
cli-help-backup = Kopioi SQLite-tietokanta eheänä botin pelatessa sillä (VACUUM INTO). PostgreSQL:lle käytä pg_dumpia.
cli-help-backup-file = Uusi tiedosto, johon kopio kirjoitetaan (olemassa olevan päälle ei koskaan).
cli-help-restore = Palauta varmuuskopio SQLite-tietokannan tilalle, kun mikään käynnissä oleva botti ei pidä sitä auki; korvattu tietokanta säilytetään sen vieressä. PostgreSQL:lle käytä pg_restorea.
cli-help-restore-file = Palautettava varmuuskopio.
cli-help-backup-database = Tietokanta: DATABASE_URL tai SQLite-tiedosto (oletus: DATABASE_URL ympäristöstä tai .env-tiedostosta, muuten sqlite://pakka.db).
cli-backup-done = { $database } varmuuskopioitiin tiedostoon { $file } ({ $bytes } tavua).
cli-restore-done = { $file } palautettiin tietokannaksi { $database }.
cli-restore-done-kept = { $file } palautettiin tietokannaksi { $database }. Korvattu tietokanta on tallessa nimellä { $kept }.
cli-backup-postgres = { $database } on PostgreSQL-tietokanta: varmuuskopioi se pg_dumpilla ja palauta pg_restorella (README kertoo miten).
cli-backup-no-database = Tiedostoa { $path } ei ole.
cli-backup-exists = { $path } on jo olemassa, eikä varmuuskopiota kirjoiteta tiedoston päälle: valitse uusi nimi.
cli-restore-in-use = { $path } on auki toisessa prosessissa, luultavasti käynnissä olevassa botissa: pysäytä botti ensin (docker stop tai Ctrl-C) ja palauta sitten. Mitään ei muutettu.
cli-restore-not-pakka = { $path } ei ole ehjä pakka-tietokanta ({ $why }); mitään ei muutettu.
cli-ratings-report = { $tables ->
    [one] { $tables } luokiteltu peli
   *[other] { $tables } luokiteltua peliä
}: { $ratings } luokitusta ja { $history } luokituksen muutosta{ $outcome ->
    [identical] , samat kuin tallennetut.
    [replaced] ; { $differing } tallennettua riviä erosi ja korvattiin.
   *[differ] ; { $differing } tallennettua riviä eroaa (mitään ei muutettu: --check).
}
cli-arena-oracle = oraakkeli
cli-arena-searching = { $player }/{ $search }
cli-unknown-contender = "{ $player }" ei ole areenan pelaaja; ne ovat easy, normal, hard, hard/flat, hard/ismcts, hard/plan, oracle, oracle/flat, oracle/ismcts ja oracle/plan.
cli-help-iterations = Etsivien pelaajien suurin kierrosmäärä päätöstä kohden (oletus 4000).
cli-help-think-ms = Etsivien pelaajien suurin aika päätöstä kohden millisekunteina (oletus: kuten pöydässä, 50).

# Käynnistys Discordiin (ylläpitäjän pääte).
startup-unreachable = Discordiin ei saatu yhteyttä osoitteessa { $url }: tarkista verkko tai välityspalvelin (DISCORD_HTTP_PROXY). ({ $detail })
startup-token-rejected = Discord hylkäsi botin tunnuksen (401 Unauthorized): DISCORD_TOKEN on väärä tai se on vaihdettu. Kopioi nykyinen tunnus Discord developer portalista (sovelluksesi → Bot → Reset Token) ympäristöön tai .env-tiedostoon.

# pakka arena --table (src/cli/arena_table.rs): BENCHMARKS.md:n koko vahvuustaulukko.
cli-help-arena-table = Pelaa koko vahvuustaulukko (normal vs easy, hard vs normal ja oraakkeli vs normal joka pelissä) kiinteällä kierrosmäärällä, jatkettavasti; annettu peli pelaa vain omat rivinsä.
cli-help-arena-results = --table-valitsimen kanssa: tiedosto, johon jokainen valmis pari lisätään ja jonka parit uusi ajo ohittaa (oletus arena-table.jsonl).
cli-table-start = { $total } paria, joista { $todo } pelaamatta, { $deals } jakoa kukin, { $iterations } kierrosta päätöstä kohden; tulokset tiedostossa { $file }
cli-table-pairing = { $game }: { $first } vs. { $second }
cli-table-skipped = { $pairing }: jo tiedostossa { $file }, ohitetaan
cli-table-done = { $pairing }: valmis { $seconds } sekunnissa ({ $n }/{ $total })
cli-table-versus = { $a } vs. { $b }
cli-table-header = | peli (paikat) | pari | jaot × kierrot | ensimmäisen voitto-osuus (tasaosuus) | pisteet/jako (ensimmäinen vs. muut) | ensimmäisen p50 / p99 | 95 %:n välien otosyksikkö |
cli-table-row = | { $game } ({ $seats }) | { $first } vs. { $second } | { $deals } × { $rotations } | { $first } { $share } ({ $fair }) | { $points } | { $p50 } / { $p99 } | { $over } |
cli-table-edge = | { $game } ({ $seats }) | { $hard } ja { $oracle } | { $deals } × { $rotations } | { $hard } saavuttaa { $share } { $oracle }n edusta { $normal }-tasoon nähden | { $edge } / { $whole } { $unit } | | { $over } |
cli-table-over-deals = jako (jaon kierrot keskiarvona)
cli-table-over-seat-deals = paikka jaossa (kunkin kierron kukin paikka erikseen)
cli-table-unit-points = pistettä jakoa kohden
cli-table-unit-share = prosenttiyksikköä voitto-osuutta

# Aktiviteetin ikkuna (crates/web): mitä ikkuna näyttää, ja sen kieltäytymiset.

web-seat = { $who }

web-no-table = Tällä kanavalla ei ole vielä pöytää. Aloita peli komennolla `/play`; se näkyy tässä heti.
web-restarting = pakka käynnistyy uudelleen. Tämä ikkuna palaa itsestään hetken kuluttua.

web-bad-session = Tämän ikkunan kirjautuminen ei ole enää voimassa. Sulje ikkuna ja avaa se uudelleen.
web-bad-instance = Tämä ikkuna ei kuulu tämän kanavan aktiviteettiin. Sulje se ja avaa pöytä uudelleen sen kanavalta.
web-other-process = Tämä ikkuna päätyi botin osaan, joka ei palvele tätä palvelinta. Sulje se ja avaa se uudelleen; jos näin käy toistuvasti, kerro asiasta botin ylläpitäjälle.
web-discord-unwell = Discord ei vastannut. Yritä hetken päästä uudelleen.
web-other-table = Siirto oli toiselle pöydälle kuin tämä ikkuna näyttää.
web-bad-frame = Ikkuna lähetti jotain, mitä pakka ei ymmärrä. Lataa ikkuna uudelleen.
web-too-fast = Hieman hitaammin: liian monta siirtoa kerralla.
web-flood = Tästä ikkunasta tuli liian monta pyyntöä, joten se suljettiin. Lataa se uudelleen jatkaaksesi.

web-signing-in = Kirjaudutaan Discordilla…
web-reconnecting = Yhteys katkesi. Yhdistetään uudelleen…
web-confirm-yes = Kyllä, tee se
web-confirm-no = Peru
web-failed = Ikkuna ei käynnistynyt. Sulje se ja avaa uudelleen.

# The game's rules in brief, under a button of the window: its summary, then its own words.
web-rules = 📖 Säännöt
web-rules-words = Pelin sanasto
web-rules-word = • { $word }

# Taking over a computer player's seat (a table with open seats), and hints (a table with hints).
web-take-seat = 🪑 Ota paikka: { $who }
web-hint = 💡 Vihje
web-hint-says = 💡 Tavallinen tietokonepelaaja valitsisi { $action }. { $why }

# Ikkunan piirtämä pöytä.
web-hand-region = Sinun kätesi
web-table-region = Pöytä
web-story-region = Mitä tapahtui
web-trick-region = Tikki
web-card-back = Kuvapuoli alaspäin oleva kortti
web-clear-selection = Tyhjennä valinta
web-choose-cards = Valitse kortit napauttamalla, sitten siirto alta.
web-participants = Tässä aktiviteetissa
web-play-spoken = Pelaa { $cards }
web-act-spoken = { $action }: { $cards }

web-lobby-waiting = { $open ->
    [0] { $invited ->
        [0] Kaikki paikat on otettu.
        [one] Odotetaan, että { $invited } kutsuttu pelaaja hyväksyy.
       *[other] Odotetaan, että { $invited } kutsuttua pelaajaa hyväksyy.
    }
    [one] { $open } paikka on vapaana: kuka tahansa täällä voi ottaa sen.
   *[other] { $open } paikkaa on vapaana: kuka tahansa täällä voi ottaa yhden.
}
web-control-join = Ota paikka
web-control-accept = Hyväksy
web-control-decline = Kieltäydy
web-control-leave = Poistu pöydästä
web-control-add-computer = Lisää tietokonepelaaja
web-control-back = Olen takaisin
web-control-rematch = Pelaa uudestaan
web-control-forfeit = Luovuta
web-control-forfeit-confirm = Luovutetaanko tämä peli? Se päättyy kaikilta pöydän pelaajilta.
web-control-pause = Keskeytä ottelu
web-control-resume = Jatka ottelua
web-control-leaderboard = Tulostaulu

web-setup-title = Aloita pöytä
web-setup-text = Tällä kanavalla ei ole vielä pöytää. Valitse peli ja avaa pöytä tästä, tai käytä komentoa `/play`.
web-setup-game = Peli
web-setup-seats = Paikat
web-setup-computers = Tietokonepelaajat
web-setup-level = Niiden taso
web-setup-open = Avaa pöytä
web-setup-option-on = Päällä
web-setup-option-off = Pois
web-board-title = Tulostaulu: { $game }
web-unknown-game = pakassa ei ole peliä "{ $game }".
web-board-someone = pelaaja
web-board-empty = Ei vielä tuloksia.

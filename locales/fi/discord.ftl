# The Discord front end (src/discord): messages, buttons, notices and the slash commands.

# Seats as Discord names them (src/discord/words.rs).
discord-open-seat = (vapaa paikka { $n })
discord-who = { $who }

# The lobby.
discord-lobby-opened = { $creator } avasi pöydän peliin **{ $game }** { $seats } pelaajalle.
discord-lobby-seat = Paikka { $n }: { $state }
discord-seat-computer = 🤖 { $who }
discord-seat-open = vapaa — kuka tahansa voi liittyä
discord-seat-accepted = { $who } ✅
discord-seat-invited = { $who } — kutsuttu, hyväksy kutsu
discord-options = Asetukset: { $options } · siemen { $seed }
discord-options-defaults = oletukset
discord-option = { $name }={ $value }
discord-lobby-hint = Vapaat paikat: kuka tahansa voi liittyä; { $creator } voi myös kutsua jonkun komennolla `/invite` tai lisätä tietokonepelaajan.
discord-button-accept = Hyväksy
discord-button-join = Liity
discord-button-add-computer = Lisää tietokonepelaaja
discord-button-decline = Kieltäydy / peru

# The table message.
discord-table-title = **{ $game }** · siirto { $number }
discord-table-title-deal = **{ $game }** · jako { $deal } · siirto { $number }
discord-table-abandoned = Tämä pöytä hylättiin.
discord-table-paused = ⏸ Tämä ottelu on keskeytetty: sen pelaajat voivat jatkaa sitä komennolla `/resume`.
discord-table-computer-moving = ▶ Tietokonepelaaja tekee siirtoaan…
discord-table-waiting = ▶ Odotetaan: { $who }.
discord-table-stand-in = 🤖 Tietokonepelaaja tuuraa poissa olevaa pelaajaa { $who }.
discord-button-play-again = Pelaa uudelleen
discord-button-show-hand = Näytä korttini
discord-button-words = ❔ Pelin sanat
discord-words-title = ❔ **{ $game }**: pelin sanasto
discord-words-line = • { $word }
discord-button-rules = 📖 Säännöt
discord-button-full-rules = 📖 Säännöt kokonaan
discord-table-over = 🏁 **Peli päättyi** — tulos on alla.
# What happened lately: one public event a line, on the table message and in a hand.
discord-story-line = › { $event }
discord-scores = Pisteet: { $scores }
# The end of a deal of a match, and of a game: new messages.
discord-deal-over = 📋 **{ $game }** · jako { $deal } on päättynyt.
# A match keeps one result in its channel: the latest, with the deals before it one line each.
discord-deals-earlier = Aiemmat jaot:
discord-deals-all = Jako jaolta:
discord-deal-line = Jako { $deal }: { $scores }
discord-game-over = 🏁 **{ $game }** on päättynyt.
discord-place = { $place }. { $who }
discord-place-points = { $place }. { $who } — { $points }
discord-record = { $who } { $won ->
    [one] { $won } voitto
   *[other] { $won } voittoa
} { $games ->
    [one] { $games } pelistä
   *[other] { $games } pelistä
}
discord-record-line = Tällä kanavalla tähän mennessä: { $tally }.

# A player's hand.
discord-hand-over = Peli on päättynyt.
discord-hand-waiting = Ei ole sinun vuorosi: näillä korteilla voi pelata, kun vuorosi tulee.
discord-start-under-way = Tälle kanavalle avataan juuri peliä: sen pöytäviesti tulee hetken päästä.
discord-hand-moved = Kätesi siirtyi uudempaan viestiin.
discord-hand-closed = Pelin **{ $game }** pöytä on suljettu.
discord-ask = ❓ { $question }
discord-ask-default = { $label }?
discord-button-confirm = ✔ Vahvista
discord-button-cancel = ✖ Peru
discord-button-back = ◀ Takaisin
discord-group-title = { $group }:
discord-button-group = { $group } …
discord-choices = Vaihtoehdot { $first }–{ $last } / { $total }.
discord-button-previous = ◀ Edelliset
discord-button-next = Seuraavat ▶
discord-refused = ⚠️ { $reason }

# Notices to the channel and to one person.
discord-your-turn = 🔔 { $who }: sinun siirtosi pelissä **{ $game }**.
# A choice taken from the turn ping without opening one's hand (Kop's "No announcement").
discord-open-done = ✅ { $action } — tehty. Korttisi pysyvät piilossa, kunnes avaat ne pöydän viestistä.
discord-away = ⏰ { $who }: aikasi loppui pelissä **{ $game }**. Tietokonepelaaja tuuraa sinua, kunnes painat "Olen takaisin".
discord-button-im-back = Olen takaisin
discord-forfeit-confirm = Luovutatko tämän pelin (**{ $game }**)? Peli päättyy kaikilta, ja se lasketaan sinulle tappioksi; muille ei tule tappiota.
discord-forfeit-or-close = Luovutatko tämän pelin (**{ $game }**), jolloin se on sinulle tappio, vai suljetko sen moderaattorina ilman tulosta kenellekään?
discord-close-confirm = Suljetaanko tämä pöytä (**{ $game }**)? Peli päättyy kaikilta, eikä mitään lasketa tulostaululle.
discord-button-forfeit = Luovuta (tappio minulle)
discord-button-close = Sulje ilman tulosta
discord-button-keep-playing = Jatka peliä
discord-unknown-button = pakka ei tunne tätä painiketta; mitään ei muutettu.
discord-cancelled = { $who } perui pöydän (**{ $game }**).
discord-game-goes-on = Peli jatkuu.
discord-you-forfeited = Luovutit pelin.
discord-forfeited = 🏳️ { $who } luovutti pelin **{ $game }**: se on luovuttajalle tappio; muille ei tule tappiota.
discord-you-closed = Suljit pöydän.
discord-closed = 🔒 { $who } sulki tämän pöydän (**{ $game }**); mitään ei lasketa.
discord-unrestorable = ⚠️ Tätä pöytää (**{ $game }**, peli numero { $id }) ei voitu jatkaa pakan päivityksen jälkeen, joten se on suljettu; mitään ei lasketa. { $count ->
    [0] Aloittakaa
   *[other] { $players }: aloittakaa
} täällä uusi peli komennolla `/play`.
discord-left-seat = Poistuit paikaltasi tässä pöydässä (**{ $game }**); paikka on taas vapaa.
discord-lobby-expired = Tämä pöytä (**{ $game }**) vanheni ennen kuin peli alkoi.
discord-paused = ⏸ { $who } keskeytti tämän ottelun (**{ $game }**) siirron { $number } jälkeen. Sen pelaajat voivat jatkaa sitä täällä komennolla `/resume`.
discord-no-such-game = Peliä nimeltä "{ $name }" ei ole. Pelit ovat: { $ids }.
discord-no-match = Tällä kanavalla ei ole käynnissä ottelua.
discord-command-failed = Jotain meni vikaan meidän päässämme; mitään ei muutettu. Yritä uudelleen.
discord-restarting = pakka käynnistyy uudelleen; mitään ei muutettu. Yritä hetken päästä uudelleen.
discord-game-choice = { $name } ({ $id })

# Abuse limits and the checks of every input (src/discord/input.rs, throttle.rs).
discord-slow-clicks = { $seconds ->
    [one] Hidasta vähän: voit painaa taas { $seconds } sekunnin kuluttua.
   *[other] Hidasta vähän: voit painaa taas { $seconds } sekunnin kuluttua.
}
discord-slow-play = { $seconds ->
    [one] Hidasta vähän: voit avata pöydän komennolla `/play` taas { $seconds } sekunnin kuluttua.
   *[other] Hidasta vähän: voit avata pöydän komennolla `/play` taas { $seconds } sekunnin kuluttua.
}
discord-unknown-menu = pakka ei lähettänyt tätä valikkoa; mitään ei muutettu.
discord-unknown-command = pakalla ei ole tällaista komentoa; mitään ei muutettu.
discord-guild-only = Tämä komento toimii vain palvelimella, jolle pakka itse (sen botti) on lisätty, ei yksityisviesteissä, ryhmäviesteissä eikä palvelimilla, joilla pakka on vain jonkun omalla tilillä.
discord-no-thread-here = pakka voi aloittaa ketjun vain palvelimella, jolle se on lisätty; pelaa tässä ilman valintaa `thread:`.
discord-table-by-interactions = -# pakka voi päivittää tätä viestiä vain 15 minuuttia sen jälkeen, kun joku painaa jotain sen painiketta. Jos viesti jää jälkeen, paina **{ discord-button-show-hand }**: pöytä päivittyy ja peli jatkuu.
discord-bad-option = Komennon `/{ $command }` jonkin valinnan arvo on väärää tyyppiä tai sallitun alueen ulkopuolella; mitään ei muutettu.
discord-bad-option-value = "{ $value }" ei kelpaa komennon `/{ $command }` valinnan arvoksi; mitään ei muutettu.
discord-seed-range = Siemenen on oltava kokonaisluku väliltä 0–{ $max }.
discord-turn-timer-range = Vuoroajastimen on oltava { $min }–{ $max } minuuttia.
discord-options-too-long = Asetukset ovat liian pitkät: enintään { $max } merkkiä.
discord-invite-me = Minä jaan kortit enkä voi itse istua pöytään: lisää tietokonepelaajia valinnalla `bots`.
discord-invite-not-member = { $who } ei ole tämän palvelimen jäsen; kutsu täkäläisiä.
discord-invite-cannot-see = { $who } ei näe tätä kanavaa; kutsu joku, joka näkee sen.
discord-invite-in-dm = Tässä yksityisviestissä olette vain sinä ja pakka, joten { $who } ei pääse mukaan: pelatkaa ryhmäviestissä tai palvelimella, tai lisää tietokonepelaajia valinnalla `bots`.

# /scores and /rules.
discord-players = { $exact ->
    [yes] { $min }
   *[no] { $min }–{ $max }
} pelaajaa
discord-rules-title = **{ $name }** — `{ $id }`, { $players }
discord-rules-title-aliases = **{ $name }** — `{ $id }` (myös { $aliases }), { $players }
discord-rules-alias = `{ $alias }`
discord-rules-option = `{ $name }={ $value }`
discord-rules-options = Asetukset (oletusarvot): { $options }

# The slash commands as Discord lists them (at most 100 characters each).
discord-cmd-play = Aloita korttipeli tällä kanavalla ja kutsu kavereita mukaan.
discord-cmd-scores = Näytä tämän palvelimen tulostaulu.
discord-cmd-rules = Lyhyt yhteenveto pelin säännöistä.
discord-cmd-abandon = Lopeta tämän kanavan pöytä (kysyy vahvistuksen).
discord-cmd-pause = Keskeytä tämän kanavan ottelu; sen pelaajat voivat jatkaa sitä myöhemmin komennolla /resume.
discord-cmd-resume = Jatka keskeytettyä otteluasi tällä kanavalla siitä, mihin se jäi.
discord-param-play-game = Peli, esim. pisha-pasha
discord-param-player = Kutsuttava pelaaja
discord-param-another-player = Toinen pelaaja
discord-param-seats = Paikkojen määrä (vapaisiin paikkoihin voi liittyä kuka tahansa)
discord-param-seed = Jaa tunnettu pakka uudelleen: pöydän alkaessa näytetty siemen
discord-param-options = Pelin asetukset muodossa nimi=arvo, esim. stop_rule=true
discord-param-bots = Tietokonepelaajat täyttämään paikkoja
discord-param-level = Kuinka hyvin tietokonepelaajat pelaavat (oletus tavallinen)
discord-param-turn-timer = Minuutteja vuoroa kohden, ennen kuin tietokonepelaaja tuuraa (oletus: ei ajastinta)
discord-param-scores-game = Vain tämä peli
discord-param-rules-game = Peli
discord-back = { $who } on taas mukana pelissä **{ $game }**.

# Tables in a thread of their own (/play thread:true, or the server's default).
discord-param-thread = Pelaa omassa ketjussaan, jolloin kanavalle jää yksi rivi peliä kohden
# The thread's name (at most 100 characters; no mentions work there).
discord-thread-name = { $game } · { $who }
discord-thread-opened = 🧵 { $creator } avasi pelin **{ $game }**{ $others ->
    [0] {""}
   *[other] {" "}mukanaan { $with }
} — pöytä on ketjussa.
discord-thread-failed = En voinut avata ketjua tänne (minulta saattaa puuttua oikeus luoda ketjuja), joten pöytää ei avattu. Yritä uudelleen valinnalla `thread:false`.

# /invite and /settings.
discord-cmd-invite = Kutsu joku tämän kanavan aloittamattoman pöydän vapaalle paikalle.
discord-cmd-settings = Tämän palvelimen pakka-asetukset (muuttaminen vaatii Hallitse palvelinta -oikeuden).
discord-param-invite-player = Kutsuttava henkilö
discord-param-settings-threads = Pelaa jokainen uusi pöytä omassa ketjussaan
discord-invited = { $who }: { $creator } kutsuu sinut peliin **{ $game }** — hyväksy kutsu pöydän viestissä.
discord-settings = Pöydät omissa ketjuissaan oletuksena: { $threads ->
    [yes] päällä
   *[no] pois
}. Korttien kuvat pöytä- ja korttiviesteissä: { $images ->
    [yes] päällä
   *[no] pois
}. Pöytien ja julkisten viestien kieli: { $language }. Muuta asetuksia komennoilla `/settings threads:`, `/settings images:` ja `/settings language:`.
discord-settings-changed = Tästä lähtien uudet pöydät pelataan { $threads ->
    [yes] omissa ketjuissaan (`/play … thread:false` pelaa silti täällä).
   *[no] kanavalla (`/play … thread:true` avaa silti ketjun).
}
discord-settings-not-allowed = Vain jäsenet, joilla on oikeus hallita tätä palvelinta, voivat muuttaa sen asetuksia.

# A person a picture cannot name (their display name is not known yet).
discord-picture-player = Pelaaja { $n }

# Commands' and their parameters' names (Discord: 1–32 lower-case letters, digits, - or _).
discord-name-play = pelaa
discord-name-scores = pisteet
discord-name-rules = säännöt
discord-name-abandon = lopeta
discord-name-pause = tauko
discord-name-resume = jatka
discord-name-invite = kutsu
discord-name-settings = asetukset
discord-name-game = peli
discord-name-player = pelaaja
discord-name-player-n = pelaaja{ $n }
discord-name-seats = paikat
discord-name-seed = siemen
discord-name-options = valinnat
discord-name-bots = tietokoneet
discord-name-level = taso
discord-name-turn-timer = vuoroaika
discord-name-thread = ketju
discord-name-threads = ketjut
discord-name-images = kuvat
discord-name-language = kieli

discord-param-settings-images = Näytä korttien kuva pöytä- ja korttiviesteissä
discord-param-settings-language = Pöytien ja muiden julkisten viestien kieli
discord-settings-images-changed = Tästä lähtien pöytä- ja korttiviestit { $images ->
    [yes] näyttävät korttien kuvan tekstin vieressä.
   *[no] ovat pelkkää tekstiä.
}
discord-settings-language-changed = Tästä lähtien pöydät ja julkiset viestit ovat kielellä { $language }; se, minkä vain sinä näet, seuraa omaa Discord-kieltäsi.
# A language offered to /settings language: its own name and its code.
discord-language-choice = { $name } ({ $code })
discord-settings-unknown-language = pakka ei puhu kieltä ”{ $language }”; se puhuu kieliä { $languages }.

# Pöydän tarvitsemat kanavan oikeudet, Discordin asetusten nimillä.
discord-missing-permissions = En voi avata pöytää tälle kanavalle: minulta puuttuu täältä { $count ->
    [one] tämä oikeus
   *[other] nämä oikeudet
}: { $permissions }. Palvelimen ylläpitäjä voi antaa { $count ->
    [one] sen
   *[other] ne
} roolilleni kanavan asetuksista (Muokkaa kanavaa → Oikeudet), minkä jälkeen kokeile `/play` uudelleen.
discord-table-waits = Tämä pöytä odottaa: en voi enää lähettää enkä muokata sen viestejä tällä kanavalla, koska minulta puuttuu täältä { $count ->
    [one] tämä oikeus
   *[other] nämä oikeudet
}: { $permissions }. Palvelimen ylläpitäjä voi antaa { $count ->
    [one] sen
   *[other] ne
} takaisin roolilleni kanavan asetuksista (Muokkaa kanavaa → Oikeudet). Mitään ei menetetä: vuoroajat ja tietokonepelaajat odottavat, ja peli jatkuu itsestään, kun { $count ->
    [one] se on
   *[other] ne ovat
} palautettu.
permission-view-channel = Näytä kanava
permission-send-messages = Lähetä viestejä
permission-read-message-history = Lue viestihistoriaa
permission-embed-links = Upota linkkejä
permission-attach-files = Liitä tiedostoja
permission-create-public-threads = Luo julkisia ketjuja
permission-send-messages-in-threads = Lähetä viestejä ketjuihin

# Pöydässä oppiminen (issue 30): `/pelaa vihjeet:` ja `avoimet_paikat:`, aulan ja pöydän rivit
# niistä, kädessä 💡 ja sen yksityinen vastaus, ja tietokoneelta otettu paikka.
discord-name-hints = vihjeet
discord-param-hints = Kädessä 💡 kertoo tavallisen tietokonepelaajan siirron (peli ei vaikuta luokituksiin)
discord-name-open-seats = avoimet_paikat
discord-param-open-seats = Kuka tahansa pöydän ulkopuolelta voi ottaa tietokonepelaajan paikan kesken pelin
discord-hints-on = 💡 Vihjeet ovat käytössä: jokaisessa kädessä on 💡-painike, joka kertoo tavallisen tietokonepelaajan siirron ja syyn siihen. Tämä peli ei vaikuta luokituksiin: se ei muuta kenenkään luokitusta eikä tilastoja.
discord-open-seats-on = 🪑 Avoimet paikat: kuka tahansa pöydän ulkopuolelta voi ottaa tietokonepelaajan paikan kesken pelin.
discord-unrated-taken-over = Tämä peli ei enää vaikuta luokituksiin: ihminen otti tietokonepelaajan paikan.
discord-button-take-seat = 🪑 Ota paikka: { $who }
discord-button-hint = 💡 Vihje
discord-hint = 💡 Tavallinen tietokonepelaaja valitsisi **{ $action }**. { $why }

# The Activity's window (crates/web), opened from the table message.
discord-button-open-window = Avaa pöytä
discord-window-off = Pöydän ikkuna ei ole käytössä tässä botissa.
discord-window-other-channel = Tämä pöytä ei ole tällä kanavalla auki; sen ikkuna avautuu sen omalta kanavalta.
discord-launch-description = Avaa tämän kanavan pöydän ikkuna

# Päättyneiden pelien uusinnat (src/table/replay, /replay src/discordissa, pakka replay src/clissä).

# Kieltäytymiset (ReplayError::msg). `id` on pelin numero niin kuin /history sen näyttää.
replay-unknown = Peliä numero { $id } ei ole. `/history` luettelee päättyneet pelit.
replay-other-server = Peli { $id } pelattiin toisella palvelimella; vain sen oma palvelin voi katsoa sen uusinnan.
replay-lobby = Peli { $id } ei koskaan alkanut: se odottaa yhä pelaajia, joten uusittavaa ei ole.
replay-running = Peliä { $id } pelataan yhä. Uusinta näyttää kädet, joten se odottaa pelin loppuun.
replay-paused = Peli { $id } on tauolla eikä päättynyt. Uusinta näyttää kädet, joten se odottaa ottelun loppuun.
replay-no-result = Peli { $id } hylättiin tai luovutettiin ennen loppuaan, joten sillä ei ole loppua, johon uusinta etenisi.

# Uusinnan vaihe (src/discord/render.rs, src/cli/replay.rs).
replay-title = 🎞 **Uusinta**: peli { $id }
replay-start = Kortit on jaettu; kukaan ei ole vielä siirtänyt.
replay-moved = { $who } siirsi.
replay-next = ▶ Seuraavaksi: { $who }
replay-over = 🏁 Peli on päättynyt.
replay-dealt = 🂠 Kädet sellaisina kuin ne jaettiin:
replay-dealt-deal = Jako { $deal }:
replay-hand = { $who }: { $cards }
replay-hand-none = { $who }: ei kättä (kortit olivat kuvapuoli alaspäin)
replay-position = { $step ->
    [0] Ennen ensimmäistä siirtoa · { $moves } siirtoa
   *[other] Siirto { $step }/{ $moves }
}
replay-page = Kädet, sivu { $page }/{ $pages }
replay-button-first = ⏮ Alkuun
replay-button-previous = ◀ Edellinen
replay-button-next = Seuraava ▶
replay-button-last = Loppuun ⏭
replay-not-yours = Vain { $owner } selaa tätä yhteistä uusintaa; tässä on kopio, jonka vain sinä näet.

# /replay niin kuin Discord sen luettelee.
replay-cmd = Selaa päättynyt peli siirto siirrolta; kädet näytetään lopussa.
replay-name = uusinta
replay-name-public = julkinen
replay-param-game = Pelin numero niin kuin /history sen näyttää
replay-param-public = Näytä uusinta koko kanavalle (muuten vain sinä näet sen)

# pakka replay
replay-cli-header = { $game } · peli { $id } · { $moves } siirtoa
replay-cli-step = ── { $position } ──
replay-cli-person = Pelaaja { $n } (käyttäjä { $user })
replay-cli-computer = Tietokone { $n } ({ $level })
replay-cli-failed = uusinta epäonnistui: { $detail }
replay-place = { $place }. { $who }
replay-place-points = { $place }. { $who } — { $points }
replay-cli-no-database = tietokantaa { $path } ei ole
replay-help = Tulosta päättyneen pelin jokainen vaihe ja lopuksi kädet sellaisina kuin ne jaettiin.
replay-help-db = Tietokanta: DATABASE_URL (sqlite://…, postgres://…) tai SQLite-tiedosto.
replay-help-id = Pelin numero (sen pöydän, niin kuin /history sen näyttää).

# Luokitukset, /scores, /stats ja /history. Luokitus näytetään varovaisena arviona μ − 3σ
# yhdellä desimaalilla (docs/ratings.md); "(uusi)" merkitsee alustavaa luokitusta (alle { $min }
# luokiteltua peliä). Sivurivi kertoo selkein sanoin, mitä luku tarkoittaa.

records-period = { $period ->
    [week] viimeiset 7 päivää
    [month] viimeiset 30 päivää
    [year] viimeiset 365 päivää
   *[all] kaikki ajat
}
records-season = kausi { $season }
records-all-games = kaikki pelit
records-scores-title = 🏆 **Tulostaulu — { $game }** · { $period }
records-scores-empty = Kukaan ei ole pelannut täällä peliä loppuun tuona aikana. Aloita peli komennolla `/play`.
records-scores-provisional = *Alustavat — alle { $min } luokiteltua peliä:*
records-rating = { $rating }
records-rating-provisional = { $rating } (uusi)
records-scores-row = { $place }. { $who } — **{ $rating }** · { $wins ->
    [one] { $wins } voitto
   *[other] { $wins } voittoa
} { $games ->
    [one] { $games } pelistä
   *[other] { $games } pelistä
}
records-scores-row-points = { $place }. { $who } — **{ $rating }** · { $wins ->
    [one] { $wins } voitto
   *[other] { $wins } voittoa
} { $games ->
    [one] { $games } pelistä
   *[other] { $games } pelistä
} · { $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
}
records-scores-page = Sivu { $page }/{ $pages } · Luokitus on varovainen arvio taidosta: jokainen aloittaa nollasta; se nousee, kun sijoitut muiden edelle, ja laskee, kun jäät muiden taakse. (uusi): alle { $min } luokiteltua peliä.
records-button-first = ⏮
records-button-previous = ◀
records-button-next = ▶
records-button-last = ⏭
records-computer = 🤖 Tietokone ({ $level })

records-stats-title = 📊 **{ $who }** — tilastot tällä palvelimella
records-stats-empty = { $who } ei ole vielä pelannut peliä loppuun tällä palvelimella.
records-stats-empty-game = { $who } ei ole vielä pelannut peliä **{ $game }** loppuun tällä palvelimella.
records-stats-title-chat = 📊 **{ $who }** — tilastot tässä keskustelussa
records-stats-empty-chat = { $who } ei ole vielä pelannut peliä loppuun tässä keskustelussa.
records-stats-empty-game-chat = { $who } ei ole vielä pelannut peliä **{ $game }** loppuun tässä keskustelussa.
records-stats-game = **{ $game }** — { $games ->
    [one] { $games } peli
   *[other] { $games } peliä
}, { $wins ->
    [one] { $wins } voitto
   *[other] { $wins } voittoa
} ({ $percent } %)
records-stats-game-line = **{ $game }** — { $games ->
    [one] { $games } peli
   *[other] { $games } peliä
}, { $wins ->
    [one] { $wins } voitto
   *[other] { $wins } voittoa
} ({ $percent } %) · luokitus **{ $rating }** ({ $change })
records-stats-per-game = Peleittäin (`/stats game:…` näyttää yhden kokonaan):
records-stats-rating = Luokitus **{ $rating }**
records-stats-rating-trend = Luokitus **{ $rating }** ({ $change } { $games ->
    [one] viime pelissä
   *[other] viimeisissä { $games } pelissä
}) { $spark }
records-stats-places = Sijat: { $places }
records-stats-place = { $place ->
    [1] 1.
    [2] 2.
    [3] 3.
   *[other] { $place }.
} × { $count }
records-stats-average = Keskimäärin { $points } pistettä pelissä
records-stats-best = Paras: { $finish }
records-stats-worst = Huonoin: { $finish }
records-finish = { $place ->
    [1] 1.
    [2] 2.
    [3] 3.
   *[other] { $place }.
} / { $seats } pelissä `{ $id }` { $when }
records-finish-points = { $place ->
    [1] 1.
    [2] 2.
    [3] 3.
   *[other] { $place }.
} / { $seats } ({ $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
}) pelissä `{ $id }` { $when }
records-stats-favourite = Mieluisin peli: **{ $game }**

records-history-title-channel = 🕰️ **Viimeisimmät pelit tällä kanavalla**
records-history-title-server = 🕰️ **Viimeisimmät pelit tällä palvelimella**
records-history-title-chat = 🕰️ **Viimeisimmät pelit tässä keskustelussa**
records-history-empty = Täällä ei ole vielä pelattu peliä loppuun. Aloita peli komennolla `/play`.
records-history-row = `{ $id }` **{ $game }** { $when } — { $result }
records-history-gave-up = { $who } luovutti
records-history-place = { $place }. { $who }
records-history-place-points = { $place }. { $who } ({ $points })
records-history-hint = Käy peli läpi komennolla `/replay` ja sen numerolla.

# Komennot.
records-cmd-stats = Yhden pelaajan tilastot täällä: pelit, voitot, sijat, luokitus ja sen suunta.
records-cmd-history = Viimeisimmät loppuun pelatut pelit tällä kanavalla (tai koko palvelimella).
records-param-scores-period = Vain tänä aikana päättyneet pelit (oletus: kaikki ajat)
records-param-stats-player = Kenen tilastot (oletus: omasi)
records-param-stats-game = Vain tämä peli
records-param-history-server = Koko palvelimen pelit, ei vain tämän kanavan
records-name-stats = tilastot
records-name-history = historia
records-name-period = jakso
records-name-server = palvelin
records-choice-week = viimeiset 7 päivää
records-choice-month = viimeiset 30 päivää
records-choice-year = viimeiset 365 päivää
records-choice-all = kaikki ajat
records-name-season = kausi
records-param-scores-season = Palvelimen kausi numerona (päättyneestä kaudesta sen lopputilanne)

# Whist 22 (src/rules/whist22): the table, bids, refusals and events. Trumps are written by
# number and the Fool by `card-fool`; sentences read well with any seat name ("You" included).

whist22-name = Whist 22
whist22-summary = Tarkkaa tarjoamista tarot-pakan 22 valttikortilla, 3 tai 4 pelaajalle (asetuksella 2–7). Kädet pienenevät jako jaolta yhdellä kortilla yhteen asti ja kasvavat sitten takaisin. Jokainen tarjoaa, montako tikkiä ottaa; viimeisenä tarjoava jakaja ei saa tehdä tarjousten summasta tikkien määrää. Pelaa mikä tahansa kortti: suurin voittaa; Narri on 0 tai 22, sen mukaan kuin pelatessasi ilmoitat. Kaikilla on aluksi 14 pistettä, ja jokaisesta tikistä yli tai alle tarjouksen menettää yhden; kun joku putoaa nollaan, suurin tulos voittaa.

whist22-head = Jako { $deal } · { $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
} kullekin · jakaja { $dealer }{ $blind ->
    [yes] { " · " }sokea kierros: kaikki näkevät muiden kortit, eivät omiaan
   *[no] {""}
}
whist22-over = Peli päättyi – voitto: { $winners }, suurimmalla pistemäärällä (peli päättyy, kun jonkun pisteet putoavat nollaan).
whist22-turn-bid = Vuorossa: { $who } tarjoaa
whist22-turn-bid-not = Vuorossa: { $who } tarjoaa (ei { $not })
whist22-turn-fool = Vuorossa: { $who } antaa Narrille arvon
whist22-turn-play = Vuorossa: { $who } pelaa
whist22-scores = Pisteet: { $seats }
whist22-seat-score = { $who } { $score } (tarjous { $bid }, otti { $took })
whist22-no-bid = –
whist22-cards-seen = Näkemäsi kortit: { $seats }
whist22-hand-hidden = Kätesi: { $n ->
    [one] { $n } kortti, piilossa sinulta sokealla kierroksella
   *[other] { $n } korttia, piilossa sinulta sokealla kierroksella
}
whist22-seat-cards = { $who } { $cards }
whist22-play-fool = { $who } { $card }={ $value }
whist22-hand = Jako { $deal } on pisteytetty (jokaisesta tikistä yli tai alle tarjouksen menettää pisteen): { $seats }. Pisteet nyt: { $scores }.
whist22-seat-result = { $who } { $lost ->
    [0] tarjosi { $bid } ja otti { $took }, tarkalleen tarjouksen verran: pisteet ennallaan
   *[other] tarjosi { $bid } mutta otti { $took }: menettää { $lost ->
        [one] { $lost } pisteen
       *[other] { $lost } pistettä
    }
}
whist22-seat-now = { $who } { $score ->
    [one] { $score } piste
   *[other] { $score } pistettä
}
whist22-sep-semicolon = {"; "}

whist22-label-bid = Tarjoa { $n }
whist22-label-fool = { $card } = { $value }
whist22-label-unseen = Pelaa korttini

whist22-bidding-over = Tarjoukset on tehty: pelaa kortti.
whist22-bid-too-high = Voit tarjota enintään { $max }, eli tikkien määrän.
whist22-dealer-bid = Jakajana et saa tarjota { $bid }: tarjousten summa olisi tikkien määrä, { $tricks ->
    [one] { $tricks } tikki
   *[other] { $tricks } tikkiä
}.
whist22-bid-first = Ensin tarjotaan: tarjoa, montako tikkiä otat.
whist22-fool-revealed = Korttisi on { $card }: ilmoita, onko sen arvo 0 vai 22.
whist22-blind = Et näe omaa korttiasi tällä kierroksella: pelaa se näkemättä ("play").
whist22-fool-needs-value = Anna kortille { $card } arvo: 0 tai 22.
whist22-not-a-card = { $card } ei ole Whist 22 -kortti.
whist22-not-held = Sinulla ei ole korttia { $card }.
whist22-can-see = Näet korttisi: valitse pelattava kortti.

whist22-event-dealt = Jako { $deal }: { $cards ->
    [one] { $cards } kortti
   *[other] { $cards } korttia
} kullekin, jakajana { $dealer }{ $blind ->
    [yes] { " " }(sokea kierros)
   *[no] {""}
}.
whist22-event-bid = { $who } tarjosi { $bid }.
whist22-event-revealed = { $who } paljasti kortin { $card }: sen arvo ilmoitetaan seuraavaksi.
whist22-event-fool = { $who } pelasi kortin { $card } arvolla { $value }.
whist22-event-trick = { $who } otti tikin.
whist22-event-over = Peli päättyi.

# The picture of the table.
whist22-picture-bid = Tarjous { $n }
whist22-picture-seen = Kädessä

# The game's own words, one line each (the table's ❔ button).
whist22-word-bid = Tarjous: kuinka monta tikkiä sanot ottavasi tässä jaossa, tarkalleen; jokainen tikki yli tai ali maksaa pisteen.
whist22-word-dealer = Jakajan tarjous: jakaja tarjoaa viimeisenä eikä saa tehdä tarjouksista yhteensä tikkien määrää, joten joku aina epäonnistuu.
whist22-word-fool = Narri=22, Narri=0: Narri on 22 (suurin kortti) tai 0 (pienin) sen mukaan, minkä pelaaja sanoo sitä pelatessaan.
whist22-word-blind = Sokkokierros: yhden kortin jaossa näet kaikkien muiden kortit mutta et omaasi, ja pelaat sen näkemättä.

# Miksi tavallinen tietokonepelaaja valitsee siirron (rules::Why), vihjettä varten.
why-whist22-bid = Tarjoa niin monta tikkiä kuin sinulla on kortteja, jotka todennäköisesti ottavat tikin: 17 tai suurempi, ja Narri.
why-whist22-bid-nearest = Jakajana et saa tarjota niin monta tikkiä kuin sinulla on todennäköisiä tikkikortteja (17 tai suurempi, ja Narri): tarjoa lähin sallittu luku.
why-whist22-bid-unseen = Et näe omaa korttiasi: tarjoa, ettei se ota tikkiä.
why-whist22-need-tricks = Tarvitset vielä tikkejä täyttääksesi tarjouksesi: pelaa suurin korttisi (Narri 22:na).
why-whist22-bid-made = Olet ottanut tarjoamasi tikit: pelaa pienin korttisi (Narri nollana), ettet ota enempää.

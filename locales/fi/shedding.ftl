# The two shedding games, Paskahousu and Pöytäpaska (src/rules/shedding.rs): the table, the
# buttons, the refusals and the events they share.
# Ranks 2–10 arrive as digits (a selector cannot tell "7" from "8"), so they are written
# "7-kortit"; jacks, queens, kings and aces have their Finnish names.

# The table.
shedding-turn = Vuorossa: { $who }{ $opening ->
    [yes] {" "}(aloittaa kaikilla pienimmillä korteilla)
   *[no] {""}
}{ $free ->
    [yes] {" "}(kukaan ei voi pelata: mikä tahansa kortti käy)
   *[no] {""}
}
shedding-pile-empty = Pino: tyhjä
shedding-pile = Pino: { $count } — { $hidden ->
    [0] {""}
   *[other] {"… "}
}{ $cards } (päällimmäinen { $top })
shedding-stock = Pakka: { $stock } · pois pelistä: { $cleared }
shedding-out = Pois päässeet: { $seats }
shedding-out-place = { $who } ({ $place ->
    [1] 1.
    [2] 2.
    [3] 3.
   *[other] { $place }.
})
shedding-over-loser = Peli päättyi — { $loser } jäi viimeisenä kortit käteen ja häviää.
shedding-went-out-nth = { $who } { $place ->
    [1] ensimmäisenä
    [2] toisena
    [3] kolmantena
    [4] neljäntenä
    [5] viidentenä
   *[other] { $place }.
}
shedding-over-stalemate = Peli päättyi — umpikuja: mikään ei muuttunut { $moves } siirtoon; { $still } jakavat viimeisen sijan.

# The buttons.
shedding-play-group = Pelaa { $rank ->
    [J] jätkät
    [Q] rouvat
    [K] kuninkaat
    [A] ässät
   *[other] { $rank }-kortit
}
shedding-take = Nosta pino
shedding-draw = Kokeile pakasta
shedding-flip = Kokeile pimeää korttia { $position }

# Refusals.
shedding-opening = Peli alkaa kaikilla { $rank ->
    [J] jätkilläsi
    [Q] rouvillasi
    [K] kuninkaillasi
    [A] ässilläsi
   *[other] { $rank }-korteillasi
}: pelaa { $cards }.
shedding-nothing-to-take = Pino on tyhjä: nostettavaa ei ole.
shedding-nothing-to-draw = Pakka on tyhjä: kokeiltavaa ei ole.
shedding-no-card = Valitse vähintään yksi pelattava kortti.
shedding-not-standard = Nuo eivät ole tämän pelin kortteja.
shedding-mixed-ranks = Yhdessä pelattavien korttien on oltava samanarvoisia.
shedding-twice = Valitsit saman kortin kahdesti.
shedding-not-held = Sinulla ei ole korttia { $card }.
shedding-court-opening = Uutta pinoa ei saa aloittaa jätkällä, rouvalla eikä kuninkaalla.
shedding-only-on-itself = { $rank ->
    [A] Ässän päälle käy vain ässä.
   *[other] { $rank }-kortin päälle käy vain { $rank }-kortti.
}
shedding-ace-on-courts = Ässän saa laittaa vain jätkän, rouvan tai kuninkaan päälle.
shedding-ten-not-on-courts = Kymppiä ei saa laittaa jätkän, rouvan eikä kuninkaan päälle.
shedding-courts-need = Jätkä, rouva ja kuningas vaativat pinon päällimmäiseksi vähintään { $min }-kortin; nyt päällimmäinen on { $top }.
shedding-low-not-on-courts = { $rank ->
    [J] Jätkiä
    [Q] Rouvia
    [K] Kuninkaita
    [A] Ässiä
   *[other] { $rank }-kortteja
} ei saa laittaa jätkän, rouvan eikä kuninkaan päälle.
shedding-lower = { $rank ->
    [J] Jätkät
    [Q] Rouvat
    [K] Kuninkaat
    [A] Ässät
   *[other] { $rank }-kortit
} ovat pienempiä kuin pinon päällimmäinen { $top }.

# Events.
shedding-event-played = { $who } pelaa { $cards }{ $from ->
    [stock] {" "}pakasta
    [face-up] {" "}avoimista korteistaan
    [face-down] {" "}pimeistä korteistaan
   *[hand] {""}
}.
shedding-event-drew = { $who } kokeilee pakasta ja kääntää kortin { $card }.
shedding-event-refilled = { $who } täydentää kättään pakasta: { $cards }.
shedding-event-took = { $who } nostaa pinon: { $cards }.
shedding-event-cleared = { $who } kaataa pinon: { $cards } pois pelistä.
shedding-event-passed = { $who } ei voi tehdä mitään ja passaa.
shedding-event-free-play = Kukaan ei voi pelata: { $who } saa pelata minkä tahansa kortin.
shedding-event-out = { $who } pääsee pois { $place ->
    [1] 1.
    [2] 2.
    [3] 3.
   *[other] { $place }.
} sijalle.

# Why a choice is narrower than the hand suggests (shedding::why), and the words both games
# share for the table's ❔ button.
shedding-why-two = Kakkosen päälle käy vain kakkonen.
shedding-why-none = Mikään kädessäsi ei käy kortin { $top } päälle: nosta pino tai koeta onneasi.
shedding-word-take = Nosta pino: kun et voi tai halua pelata, koko pino tulee käteesi ja vuoro siirtyy.
shedding-word-draw = Kokeile pakasta: käännä sen sijaan pakan päällimmäinen kortti; jos se käy pinoon, se pelataan, muuten se tulee pinon kanssa käteesi.
shedding-word-loser = Pois pelistä: kun pakka on loppu, korttinsa tyhjentänyt pääsee pois; viimeinen, jolle jää kortteja, häviää.

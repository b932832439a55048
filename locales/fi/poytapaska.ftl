# Pöytäpaska (src/rules/poytapaska): its name, the table cards, refusals and events of its own;
# the rest is shared with Paskahousu in shedding.ftl.

poytapaska-name = Pöytäpaska
poytapaska-summary = Paskahousu pöytäkorteilla, 2–3 pelaajalle. Viiden kortin käden lisäksi kaikilla on pöydässä neljä pimeää ja neljä avointa korttia. Pelaa pinoon yksi tai useampi samanarvoinen kortti, joka on yhtä suuri tai suurempi kuin pinon päällimmäinen (3 pienin … K, A, 2 suurin); kuvakortin alla on oltava vähintään kutonen, ässä käy vain kuvakortin tai ässän päälle, kympin päälle vain kymppi ja kakkosen päälle vain kakkonen. Kymppi pienemmän kortin päälle, ässä kuvakortin päälle tai neljä samanarvoista päällekkäin kaatavat pinon, ja pelaat uudestaan. Et voi tai halua pelata? Nosta pino käteen tai kokeile pakan päällimmäistä korttia. Kun pakka ja kätesi ovat loppu, pelaa avoimet korttisi ja sitten pimeät sokkona. Viimeinen, jolle jää kortteja, häviää.

poytapaska-seat = { $who } — käsi { $hand } · avoimet { $up } · pimeät { $down }
poytapaska-none = ei yhtään
poytapaska-face-down = 🂠{ $position }
poytapaska-sep-space = { " " }
poytapaska-your-table = Pöytäkorttisi: avoimet { $up } · { $down ->
    [one] { $down } pimeä
   *[other] { $down } pimeää
}{ $from ->
    [face-up] {" "}— pelaat avoimia korttejasi
    [face-down] {" "}— pelaat pimeitä korttejasi
   *[hand] {""}
}
poytapaska-play-face-up = { $play } (avoimet)

poytapaska-face-down-now = Kätesi ja avoimet korttisi ovat loppu: kokeile pimeää korttia (tai nosta pino).
poytapaska-face-up-too-early = Avoimia kortteja saa pelata vasta, kun pakka ja kätesi ovat tyhjiä.
poytapaska-hand-and-face-up = Käden kortteja ja avoimia kortteja ei koskaan pelata yhdessä.
poytapaska-not-face-up = { $card } ei ole avoimissa korteissasi.
poytapaska-no-such-position = Pimeät kortit on numeroitu 1–4.
poytapaska-face-down-too-early = Pimeitä kortteja kokeillaan vasta, kun pakka, kätesi ja avoimet korttisi ovat kaikki loppu.
poytapaska-face-up-first = Pelaa avoimet korttisi ennen kuin kokeilet pimeää.
poytapaska-already-tried = Pimeä korttisi { $position } on jo pelattu.

poytapaska-event-tried = { $who } kääntää pimeän kortin { $position }: { $card }.

# The game's own words, one line each (the table's ❔ button).
poytapaska-word-face-up = Avoimet: neljä avointa pöytäkorttiasi, jotka pelataan, kun pakka ja kätesi ovat loppu.
poytapaska-word-face-down = 🂠1 🂠2 🂠3 🂠4: pimeät pöytäkorttisi paikan mukaan, pelataan sokkona yksi kerrallaan, kun kätesi ja avoimet ovat loppu.

# The end of the game (the table's own line is shedding-over-loser).
poytapaska-event-over = Peli päättyi — { $loser } jäi viimeisenä kortit käteen ja häviää: pöytäpaskassa on yksi häviäjä eikä voittajaa. Muut pääsivät pois: { $order }.

# The picture: captions of a seat's table cards.
poytapaska-picture-face-up = Avoimet
poytapaska-picture-face-down = Pimeät

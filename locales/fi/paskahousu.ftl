# Paskahousu (src/rules/paskahousu): its name, the table, refusals and events of its own; the
# rest is shared with Pöytäpaska in shedding.ftl.

paskahousu-name = Paskahousu
paskahousu-summary = Suomalainen korttipeli 2–6 pelaajalle, jossa pyritään eroon korteista. Kaikilla on kädessä viisi korttia, joita täydennetään pakasta. Pelaa pinoon yksi tai useampi samanarvoinen kortti, joka on yhtä suuri tai suurempi kuin pinon päällimmäinen (3 pienin … K, A, 2 suurin). Kuvakortin alla on oltava vähintään seiska, ässä käy vain kuvakortin päälle, ja kakkosen saa laittaa minkä tahansa päälle, mutta kakkosen päälle käy vain kakkonen. Kymppi kaataa pinon, jonka päällä on 3–9, ässä kaataa kuvakorttien pinon, ja myös neljä samanarvoista päällekkäin kaatavat pinon — silloin pelaat uudestaan. Et voi tai halua pelata? Nosta pino käteen tai kokeile pakan päällimmäistä korttia. Kun pakka on loppu, pääset pois tyhjentämällä kätesi; viimeinen, jolle jää kortteja, on paskahousu.

paskahousu-seat = { $who } — kädessä { $cards }
paskahousu-courts-dead = Kaikki pienet kortit on pelattu: jätkä, rouva ja kuningas saavat nyt aloittaa pinon.

paskahousu-no-face-down = Paskahousussa ei ole pimeitä kortteja.
paskahousu-no-draw-and-try = Tässä pöydässä ei saa kokeilla pakasta.

paskahousu-event-picked-up = { $who } joutuu nostamaan tyhjään pinoon pelatut { $cards } ja menettää vuoronsa.

# The game's own words, one line each (the table's ❔ button).
paskahousu-word-ranks = Arvot: 3 on pienin, sitten K:hon ja ässään asti, ja 2 on suurin; kakkonen käy minkä tahansa päälle, mutta kakkosen päälle vain kakkonen.
paskahousu-word-empty-ace = Ässä tai kymppi tyhjään pinoon: se ei kaada pinoa; seuraavan pelaajan on nostettava se ja menetettävä vuoronsa.

# The end of the game (the table's own line is shedding-over-loser).
paskahousu-event-over = Peli päättyi — { $loser } jäi viimeisenä kortit käteen ja on paskahousu, pelin ainoa häviäjä. Muut pääsivät pois: { $order }; ensimmäisenä pois päässyt voittaa.

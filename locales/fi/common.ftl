# Words every game and every front end shares: seats, cards, counts, separators, and the
# refusals of the rules core.

seat-fallback = Pelaaja { $n }
seat-computer = Tietokone { $n } ({ $level })
card-fool = Narri
# A Red7 card by its colour's name (letter R O Y G B I V) and number: "Indigo 5".
card-red7 = { $colour ->
    [R] punainen
    [O] oranssi
    [Y] keltainen
    [G] vihreä
    [B] sininen
    [I] indigo
   *[V] violetti
} { $n }
# Kortti niin kuin se sanotaan (ruudunlukijan nimi kortille ikkunassa).
card-spoken = { $suit ->
    [S] pata
    [H] hertta
    [D] ruutu
   *[C] risti
}{ $rank ->
    [14] ässä
    [13] kuningas
    [12] rouva
    [11] jätkä
    [10] kymppi
    [9] ysi
    [8] kasi
    [7] seiska
    [6] kutonen
    [5] vitonen
    [4] nelonen
    [3] kolmonen
   *[2] kakkonen
}
card-trump-spoken = valtti { $n }
cards-none = —

sep-dot = { " · " }
sep-comma = {", "}
sep-or = { " tai " }

count-cards = { $n ->
    [one] { $n } kortti
   *[other] { $n } korttia
}

# The refusals of the rules core (src/rules/mod.rs, dyngame.rs).
rule-game-over = Peli on päättynyt.
rule-seat = paikka { $n }
rule-not-your-turn = { $waiting ->
    [0] Kukaan ei ole vuorossa
   *[other] Vuorossa on { $to_act }
}, ei paikka { $seat }.
act-not-an-action = { $action } ei ole pelin { $game } siirto: { $detail }.
act-no-such-index = siirtoa numero { $index } ei ole
refusal-not-a-card = { $card } ei ole tämän pelin kortti.

# Setting a game up (src/rules/mod.rs, registry.rs).
setup-seats = Peliä { $game } pelaa { $exact ->
    [yes] { $min }
   *[no] { $min }–{ $max }
} pelaajaa, ei { $got }.
# A seat count that one of the game's yes/no options allows (GameInfo::refusal): the option named.
setup-seats-option = { $refusal } { $got } pelaajaa varten valitse asetus { $option }=true.
setup-options = Virheelliset asetukset: { $detail }
setup-deck-size = Virheellinen pakka: pakassa on { $got ->
    [one] { $got } kortti
   *[other] { $got } korttia
}, tässä pelissä niitä on { $want }
setup-deck-doubled = Virheellinen pakka: { $card } on pakassa useammin kuin kerran
setup-deck-foreign = Virheellinen pakka: { $card } ei kuulu tämän pelin pakkaan
setup-dealer = Jakajan on oltava jokin paikoista 0–{ $last }, ei { $dealer }.
game-unknown = { $id }
options-not-name-value = Kirjoita asetukset muodossa nimi=arvo, esim. { $example }.
options-none = Pelissä { $game } ei ole asetuksia.
options-unknown = Pelissä { $game } ei ole asetusta "{ $name }"; sen asetukset ovat { $known }.
options-not-bool = { $name } on true tai false, ei "{ $value }".
options-not-choice = { $name } on jokin arvoista { $choices }, ei "{ $value }".

# Tricks, shared by the trick-taking games (src/rules/present.rs).
trick-play = { $who } { $card }
trick-plays = { $plays }
trick-now = Tikki: { $plays }
trick-last = Edellinen tikki: { $plays } — voittaja { $winner }
event-trick-won = { $who } voitti tikin { $trick }.

# Seat lists and trick lines whose grammar suits any seat name, "You" included; the turn
# passing to a seat (Pishe Pasha, Red7, Kop, Whist 22).
sep-and = { " ja " }
event-turn = Vuorossa: { $who }.
trick-to-lead = Tikki: { $who } aloittaa
event-card-played = { $who } pelasi { $card }.

# Shared by Paston and Teka (src/rules/present.rs and their present.rs).
trick-numbered-lead = Tikki { $n }: { $who } aloittaa.
trick-numbered-play = Tikki { $n }: { $plays } — vuorossa { $who }.
hand-yours = Kätesi: { $cards }
# A button that plays cards, the same in every game (present::play_label): the bare card
# or the set, "7♥" or "6♠ 6♥".
action-play = { $cards }
event-trick-taken = { $who } voitti tikin: { $plays }.
refusal-not-held = Sinulla ei ole korttia { $card }.
refusal-must-follow = Sinun on tunnustettava maata: pelaa { $suit }.

# A score as most games count it (Present::score); a game that counts otherwise has its own.
score-points = { $points ->
    [one] { $points } piste
   *[other] { $points } pistettä
}
sep-slash = { " / " }

# Issue 13, helper A: the seat's whole hand and scores as a game counts them
# (src/rules/present.rs: hand, scores).
hand-yours-empty = Kätesi: ei kortteja
seat-score = { $who } { $score }

# The language's own name, as /settings shows it.
language-name = suomi
# The decimal separator of numbers shown with a decimal (ratings).
decimal-separator = {","}

# Miksi nyrkkisääntö valitsi siirron (rules::Why), vihjettä varten: yksi rivi kutakin, tosi siirrosta.
why-only = Se on ainoa siirtosi.
why-go-out = Se pelaa viimeiset korttisi: pääset pois.
why-clear-pile = Se kaataa pinon, ja pelaat uudestaan.
why-pick-up = Yksinäinen 10 tai ässä tyhjään pinoon: seuraavan pelaajan on nostettava se, ja hän menettää vuoronsa.
why-shed-low = Se pääsee eroon alimmista korteistasi, jotka saa pelata; korkeammat ovat myöhemmin arvokkaampia korkeammilla pinoilla.
why-block = Seuraava pelaaja on pääsemässä pois, ja tätä korttia hänen on vaikea ylittää.
why-draw-and-try = Pakan päällimmäisen kortin kääntäminen voi säästää sinut pinon nostamiselta: keskimäärin se maksaa vähemmän kuin nostaminen nyt.
why-take-pile = Mikään muu sallittu siirto ei jätä sinua paremmin kuin pinon nostaminen.
why-blind = Kuvapuoli alaspäin olevia kortteja kokeillaan sokkona yksi kerrallaan.
why-weighed = Tavallinen tietokonepelaaja punnitsee jokaisen siirron sen mukaan, mitä se jättää sinulle, ja tämä on paras.
# Tekan ja Pastonin yhteinen korttipeli (rules::trick_play).
why-draw-trumps = Olet pelinviejä, ja sinulla on korkein vielä pelaamaton valtti: pelaa valtteja ja vedä vastustajien valtit pois.
why-lead-trumps = Olet pelinviejä, ja sinulla on vähintään neljä valttia: avaa valtilla ensimmäisissä tikeissä.
why-lead-master = Kenelläkään muulla ei voi olla tämän maan korkeampaa korttia.
why-lead-long-suit = Avaa pisimmästä sivumaastasi.
why-lead-trumps-only = Sinulla on avattavana vain valtteja.
why-cover-partner = Joku myöhemmin pelaava voi vielä lyödä kumppanisi kortin: mene sen yli korkealla kortilla.
why-partner-wins = Kumppanisi on voittamassa tikin: säästä hyvät korttisi ja pelaa halvin.
why-cannot-win = Mikään pelattavissa oleva korttisi ei voita tätä tikkiä: pelaa halvin korttisi.
why-win-cheapest = Yksikään vastustaja ei pelaa jälkeesi: ota tikki halvimmalla kortilla, joka sen voittaa.
why-ruff = Sinulla ei ole avattua maata: ota tikki pienimmällä valtilla, joka sen voittaa.
why-second-hand-low = Kumppanisi pelaa vielä jälkeesi: säästä korkeat korttisi ja pelaa halvin.
why-win-high = Vastustaja pelaa vielä jälkeesi: pelaa korkea kortti ottaaksesi tikin.

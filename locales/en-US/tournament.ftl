# Tournaments (the table service's events): what they refuse (EventError::msg).

event-no-such-event = That tournament does not exist any more.
event-cancelled = This tournament was cancelled; its buttons do nothing now.
event-finished = This tournament is over; its buttons do nothing now.
event-already-signed-up = You are already signed up to this tournament.
event-not-signed-up = You are not signed up to this tournament.
event-full = { $limit ->
    [one] This tournament is full: it takes { $limit } player.
   *[other] This tournament is full: it takes { $limit } players.
}
event-sign-up-closed = Sign-up is closed: half of the rounds have been played (a knockout closes it when the bracket is drawn).
event-not-organiser = Only the tournament's organiser, or someone who may manage this server, can do that.
event-too-few-players = { $need ->
    [one] The tournament needs at least { $need } player to start; { $have } signed up.
   *[other] The tournament needs at least { $need } players to start; { $have } signed up.
}
event-round-underway = Round { $round } is being played already: the next round begins when its games end.
event-no-check-in = There is no check-in open now: it opens before each round.
event-already-checked-in = You have checked in for this round already.
event-paused = The tournament is paused: resume it first.
event-not-duplicate = Duplicate is for the trick games ({ $games }), where tables can hold the same cards.
event-seats = { $seats } seats: tournament tables have 2 to 8 seats.
event-too-many-rounds = { $max ->
    [one] This format allows at most { $max } round here.
   *[other] This format allows at most { $max } rounds here.
}

# The event's message on Discord (discord::render::event).
discord-event-format-swiss = Swiss
discord-event-format-round-robin = round robin
discord-event-format-knockout = knockout
discord-event-format-duplicate = duplicate
discord-event-title = 🏆 **A { $game } tournament** run by { $organiser }: { $format }, { $rounds ->
    [0] as many rounds as the format sets for the players who start
    [one] { $rounds } round
   *[other] { $rounds } rounds
}, tables of { $seats }.
discord-event-settings = Each round lasts { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}, with a check-in of { $checkin ->
    [one] { $checkin } minute
   *[other] { $checkin } minutes
} before it. Computer players ({ $level }) fill empty seats and play for anyone who has not checked in, who loses that game.
discord-event-signup = Sign-up is open: { $count } of { $max } players. { $organiser } starts the tournament with ▶️ Start.
discord-event-checkin = ✅ **Check in for round { $round }** before { $until }: { $checked } of { $count } players have.
discord-event-playing = **Round { $round } of { $rounds }** is being played in the threads below; its time runs out { $until }, then computer players finish the games still going.
discord-event-paused-line = ⏸️ Paused by the organiser: no round begins until it is resumed.
discord-event-finished = 🏁 The tournament is over.
discord-event-cancelled = The tournament was cancelled.
discord-event-players = Signed up: { $players }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more
}.
discord-event-withdrawn = Left: { $players }.
discord-event-left = { $who }
discord-event-left-absent = { $who } (missed two rounds)
discord-event-standings-head = **Standings after { $round ->
    [one] { $round } round
   *[other] { $round } rounds
}**
discord-event-standings-head-live = **Standings during round { $round }** (its byes, walkovers and finished games counted)
discord-event-standing = { $rank }. { $who } — { $points ->
    [one] { $points } pt
   *[other] { $points } pts
} ({ $breaks })
discord-event-standing-knockout = { $rank }. { $who } — { $out ->
    [1] out
    [2] champion
   *[other] still in
} ({ $breaks })
discord-event-more = …and { $more } more.
discord-event-buchholz = Buchholz { $points }
discord-event-sonneborn-berger = Sonneborn–Berger { $points }
discord-event-match-points = { $points } match points
discord-event-round-reached = reached round { $round }
discord-event-won-final = won the final
discord-event-seed = seed { $seed }
discord-event-round-head = **Round { $round }**
discord-event-seat-player = { $who }
discord-event-seat-computer = a computer player
discord-event-table = Table { $n }: { $players } — { $why }. { $state }
discord-event-more-tables = …and { $more } more tables.
discord-event-why-first-round = first round: one player from each of the { $slices } parts of the rating order (places { $places })
discord-event-why-score-level = players with { $points ->
    [one] { $points } point
   *[other] { $points } points
}, no one meeting again
discord-event-why-score-group = players with { $bottom } to { $top } points, no one meeting again
discord-event-why-score-group-repeats = players with { $bottom } to { $top } points; { $pairs } meet again, as no pairing could avoid it
discord-event-pair = { $a } and { $b }
discord-event-why-schedule = { $new } of { $pairs } pairs meet for the first time
discord-event-why-bracket = bracket seeds { $seeds }
discord-event-why-computers = { $why }, with { $computers ->
    [one] a computer player filling a seat
   *[other] { $computers } computer players filling seats
}
discord-event-table-opening = Opening…
discord-event-table-playing = Playing.
discord-event-table-walkover = { $who } wins by walkover: nobody else came.
discord-event-table-result = Result: { $points }.
discord-event-table-match-points = Match points: { $points }.
discord-event-table-points = { $who } { $points }
discord-event-byes = { $format ->
    [round-robin] Resting this round: { $players }.
    [knockout] Through without a game (a bye): { $players }.
    [duplicate] A bye, scored the average of the round: { $players }.
   *[swiss] A bye, counted as a win: { $players }.
}
discord-event-walkovers = Through without a game (walkover): { $players }.
discord-event-absent = Did not check in (their game counts as a loss): { $players }.
discord-event-thread = { $game } · round { $round } · table { $n }
discord-event-champions = 🥇 The { $game } tournament is over. { $count ->
    [one] The winner is { $players }!
   *[other] The winners are { $players }!
}
discord-event-not-in-thread = A tournament runs in a channel, not in a thread: each round's games open in threads of its channel. Use `/tournament` in the channel itself.
discord-event-button-sign-up = Sign up
discord-event-button-withdraw = Withdraw
discord-event-button-check-in = Check in
discord-event-button-start = Start
discord-event-button-begin-round = Begin the round now
discord-event-button-pause = Pause
discord-event-button-resume = Resume
discord-event-button-cancel = Cancel the tournament
discord-event-signed-up = You are signed up. When the organiser starts the tournament, check in before each round with ✅ Check in.
discord-event-withdrew = You have left the tournament. Sign up again while sign-up is open to come back.
discord-event-checked-in = You are checked in for round { $round }.
discord-event-started = The check-in for round { $round } is open.
discord-event-round-begun = Round { $round } begins: its tables open in threads of this channel.
discord-event-paused-now = The tournament is paused.
discord-event-resumed = The tournament goes on.
discord-event-cancelled-now = The tournament is cancelled. Games under way are played out as ordinary games.

# /tournament: its name, description and parameters.
discord-name-tournament = tournament
discord-cmd-tournament = Run a tournament of a game in this channel: sign-up, check-in, rounds and standings.
discord-name-format = format
discord-name-rounds = rounds
discord-name-players = players
discord-name-round-minutes = round_minutes
discord-name-checkin-minutes = checkin_minutes
discord-param-tournament-game = The game, e.g. paskahousu
discord-param-tournament-format = Swiss, round robin, knockout, or duplicate (trick games)
discord-param-tournament-rounds = How many rounds (by default as many as the format sets)
discord-param-tournament-seats = Seats at each table (2 to 8; by default the game's fewest)
discord-param-tournament-players = The most players who may sign up (up to 256)
discord-param-tournament-round-minutes = Minutes a round lasts before computer players finish its games (30)
discord-param-tournament-checkin-minutes = Minutes of check-in before each round (5)
discord-param-tournament-level = Level of the computer players who fill seats
discord-param-tournament-options = The game's options, e.g. deals=3
discord-param-tournament-seed = A number that fixes the pairings and the deals (for a replayable event)

# Seasons (/settings seasons:, the end of a season).
discord-name-seasons = seasons
discord-param-settings-seasons = Run this server's ratings in monthly or quarterly seasons, announced in this channel
discord-choice-monthly = monthly
discord-choice-quarterly = quarterly
discord-choice-off = off
discord-settings-seasons = Seasons: { $seasons ->
    [monthly] monthly
    [quarterly] quarterly
   *[off] off (ratings run without end)
}.
discord-settings-seasons-on = From now on, ratings run in { $seasons ->
    [monthly] monthly
   *[quarterly] quarterly
} seasons; season { $name } is under way. When a season ends, its champions are announced in this channel, `/scores season:` keeps its final standings, and every rating starts the next season from where it was with more room to move.
discord-settings-seasons-off = Ratings no longer run in seasons: they go on from where they are, and past seasons stay in `/scores season:`.
discord-season-ended = 🏆 **Season { $season } is over** (season { $next } has begun). Its champions:
discord-season-champion-all = Over every game: { $who } ({ $rating })
discord-season-champion = { $game }: { $who } ({ $rating })
discord-season-no-champions = Nobody finished a rated game in season { $season }.

# Ratings, /scores, /stats and /history. A rating is shown as the conservative estimate μ − 3σ
# with one decimal (docs/ratings.md); "(new)" marks a provisional rating (fewer than { $min }
# rated games). The page line says in plain words what the number means.

records-period = { $period ->
    [week] the last 7 days
    [month] the last 30 days
    [year] the last 365 days
   *[all] all time
}
records-season = season { $season }
records-all-games = all games
records-scores-title = 🏆 **Leaderboard — { $game }** · { $period }
records-scores-empty = Nobody has finished a game here in that time. Start one with `/play`.
records-scores-provisional = *Provisional — fewer than { $min } rated games:*
records-rating = { $rating }
records-rating-provisional = { $rating } (new)
records-scores-row = { $place }. { $who } — **{ $rating }** · { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} in { $games ->
    [one] { $games } game
   *[other] { $games } games
}
records-scores-row-points = { $place }. { $who } — **{ $rating }** · { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} in { $games ->
    [one] { $games } game
   *[other] { $games } games
} · { $points ->
    [one] { $points } point
   *[other] { $points } points
}
records-scores-page = Page { $page } of { $pages } · A rating is a cautious estimate of skill: everyone starts at 0; it rises when you finish ahead of others and falls when you finish behind them. (new): fewer than { $min } rated games.
records-button-first = ⏮
records-button-previous = ◀
records-button-next = ▶
records-button-last = ⏭
records-computer = 🤖 Computer ({ $level })

records-stats-title = 📊 **{ $who }** — record on this server
records-stats-empty = { $who } has not finished a game on this server yet.
records-stats-empty-game = { $who } has not finished a game of **{ $game }** on this server yet.
records-stats-title-chat = 📊 **{ $who }** — record in this chat
records-stats-empty-chat = { $who } has not finished a game in this chat yet.
records-stats-empty-game-chat = { $who } has not finished a game of **{ $game }** in this chat yet.
records-stats-game = **{ $game }** — { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} ({ $percent } %)
records-stats-game-line = **{ $game }** — { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} ({ $percent } %) · rating **{ $rating }** ({ $change })
records-stats-per-game = Per game (`/stats game:…` shows one in full):
records-stats-rating = Rating **{ $rating }**
records-stats-rating-trend = Rating **{ $rating }** ({ $change } over the last { $games ->
    [one] game
   *[other] { $games } games
}) { $spark }
records-stats-places = Places: { $places }
records-stats-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} × { $count }
records-stats-average = Average { $points } points a game
records-stats-best = Best: { $finish }
records-stats-worst = Worst: { $finish }
records-finish = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} of { $seats } in game `{ $id }` { $when }
records-finish-points = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} of { $seats } ({ $points ->
    [one] { $points } point
   *[other] { $points } points
}) in game `{ $id }` { $when }
records-stats-favourite = Favourite game: **{ $game }**

records-history-title-channel = 🕰️ **The last games in this channel**
records-history-title-server = 🕰️ **The last games on this server**
records-history-title-chat = 🕰️ **The last games in this chat**
records-history-empty = No finished games here yet. Start one with `/play`.
records-history-row = `{ $id }` **{ $game }** { $when } — { $result }
records-history-gave-up = { $who } gave up
records-history-place = { $place }. { $who }
records-history-place-points = { $place }. { $who } ({ $points })
records-history-hint = Step through one with `/replay` and its number.

# The slash commands.
records-cmd-stats = One player's record here: games, wins, places, rating and its trend.
records-cmd-history = The last finished games in this channel (or on the whole server).
records-param-scores-period = Only games finished in this time (default: all time)
records-param-stats-player = Whose record (default: yours)
records-param-stats-game = Only this game
records-param-history-server = The whole server's games, not only this channel's
records-name-stats = stats
records-name-history = history
records-name-period = period
records-name-server = server
records-choice-week = last 7 days
records-choice-month = last 30 days
records-choice-year = last 365 days
records-choice-all = all time
records-name-season = season
records-param-scores-season = A season of this server, by its number (its final standings once it has ended)

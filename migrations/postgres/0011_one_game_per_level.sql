-- A computer level seated several times at one table counts one game there (won when any of its
-- seats won, with its best seat's points), as a person does, rather than one game per seat
-- ("2 wins in 3 games" after one Teka match). The ratings themselves do not change, only those
-- counters: dropping the rating history makes the next start recompute every rating from the
-- results (`Store::rate_unrated`), which writes the counters the new way and the history again.
DELETE FROM rating_history;

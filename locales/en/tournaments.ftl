## Tournaments (table/src/tournament): why a step was refused.
tournament-error-table-size = Tables seat from 2 to { $most } players.
tournament-error-rounds = A tournament plays from 1 to { $most } rounds.
tournament-error-points-row = Points by place need one whole number per place ({ $places }), from first to last, never rising, none over 1,000.
tournament-error-smallest-table = The smallest table seats from 2 players to the table size ({ $size }).
tournament-error-advance = In a knockout, from 1 to { $most } players of each table go on.
tournament-error-max-players = A tournament takes from 2 to { $most } players.
tournament-error-already-in = You are already in this tournament.
tournament-error-not-in = You are not in this tournament.
tournament-error-started = The tournament has started: joining is closed.
tournament-error-leave-started = The tournament has started: drop out instead of leaving.
tournament-error-not-started = The tournament has not started yet.
tournament-error-over = The tournament is over.
tournament-error-too-few = A tournament needs at least { $need } players to start.
tournament-error-full = The tournament is full ({ $most } players).
tournament-error-already-dropped = You have already dropped out of this tournament.
tournament-error-no-such-table = Round { $round } has no table { $table }.
tournament-error-not-this-round = Round { $round } is not the round being played (round { $current } is).
tournament-error-table-done = Table { $table } of round { $round } already has its result.
tournament-error-result-seats = A result needs one place for each of the table's { $seats } seats.
tournament-error-still-playing = { $left ->
    [one] One table of this round is still playing.
   *[other] { $left } tables of this round are still playing.
}
tournament-error-automatic-rounds = This tournament starts its rounds by itself.
tournament-error-newer = This tournament was saved by a newer version of the bot (format { $found }; this one reads up to { $known }).
tournament-error-unreadable = This tournament's saved data cannot be read.

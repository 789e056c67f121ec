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

## The tournaments run on a server (commands, threads, posts).
tournament-none-here = There is no tournament in this channel. An organiser starts one with `/tournament create`.
tournament-organiser-only = Only the tournament's organiser or someone who can manage the server may do that.
tournament-create-needs-manage = Creating a tournament takes the Manage Server permission or the role this server names for it (`/tournament role`).
tournament-already-here = A tournament is under way in this channel already; one channel holds one tournament at a time.
tournament-table-size-for-title = { $game } is played by { $min } to { $max }: a table's size must be in that range.
tournament-created = Your { $game } tournament is open. People join with `/tournament join`; you start it with `/tournament start`.
tournament-created-public = { $name } opened a { $game } tournament here. Join with `/tournament join`.
tournament-joined = You are in. { $count ->
    [one] One person has joined.
   *[other] { $count } people have joined.
}
tournament-left = You left the tournament.
tournament-dropped = You dropped out of the tournament: you keep your points and are seated in no later round.
tournament-started = The tournament has started: { $tables ->
    [one] one table is
   *[other] { $tables } tables are
} being seated, each in its own thread.
tournament-next-seated = Round { $round } is being seated.
tournament-thread-name = Round { $round } · Table { $table }
tournament-table-ping = Round { $round }, table { $table } of the { $game } tournament: { $people }, your game is here.
tournament-round-started = Round { $round } has started at { $tables ->
    [one] one table
   *[other] { $tables } tables
}: { $threads }
tournament-finished = The { $game } tournament is over. Winner: { $winner }. Final standings:
tournament-standings-header = { $game } tournament standings after round { $round } (rank, name, points, played, wins, opponents' points):
tournament-standings-empty = Nobody has joined yet.
tournament-standings-row = { $rank }. { $name }: { $points } points, { $played } played, { $wins } won, opponents { $opponents }
tournament-standings-row-dropped = { $rank }. { $name }: { $points } points, { $played } played, { $wins } won, opponents { $opponents } (dropped out)
tournament-standings-more = …and { $count } more.
tournament-format-swiss = Swiss
tournament-format-round-robin = round robin
tournament-format-knockout = knockout
tournament-phase-joining = open for joining
tournament-phase-playing = round { $round } playing ({ $left } tables left)
tournament-phase-waiting = round { $round } over; the organiser starts the next with `/tournament next`
tournament-phase-finished = finished
tournament-show = { $game } tournament, { $format }, tables of { $size }, { $rounds ->
    [0] played to its final
    [one] one round
   *[other] { $rounds } rounds
}, { $players } joined: { $phase }.
tournament-busy = The tournament is busy with another change; try again in a moment.
tournament-role-needs-manage = Naming the tournament organisers' role takes the Manage Server permission.
tournament-role-set = Members with { $role } may now create tournaments on this server, besides those who can manage it.
tournament-role-cleared = Only members who can manage this server may create tournaments now.

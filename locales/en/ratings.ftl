# Ratings: the changes a finished game made, `/game rating` and the rating leaderboard.
# Numbers are shown ratings (1,000 for a new player).

## A finished game's changes, after the scores of its end message (table/src/rated.rs)
rating-changes = 📈 **Ratings**
rating-change = { $name }: { $change } → { $rating }
rating-delta-up = +{ $change }
rating-delta-down = −{ $change }
rating-delta-none = ±0
rating-provisional = (provisional)
rating-unrated-table = ⚖️ An unrated table: its result changes no rating.

## /game rating (table/src/rating_reply.rs)
rating-heading = 📈 **{ $name }'s ratings { $ladder ->
        [global] across servers
        [season] in season { $season }
       *[server] on this server
    }**
rating-line = **{ $game }**: { $rating } · { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    } · last change { $change } · rank { $rank } of { $players }
rating-none = { $name } has no rating { $ladder ->
        [global] across servers
        [season] in season { $season }
       *[server] on this server
    } yet: a finished game gives one.
rating-none-of-game = { $name } has no rating at { $game } { $ladder ->
        [global] across servers
        [season] in season { $season }
       *[server] on this server
    } yet: a finished game gives one.
rating-unreadable = The ratings could not be read ({ $error }).

## The rating leaderboard's picture (render/src/leaderboard.rs)
rating-number = { $n }
rating-board-title = Ratings — { $game }
rating-board-status = The best { $shown } of { $rated ->
        [one] 1 rated player
       *[other] { $rated } rated players
    } { $ladder ->
        [global] across the servers that share their ratings
        [season] in this season
       *[server] on this server
    }. Equal ratings share a rank; “provisional”: fewer than 5 rated games.
rating-board-rank = Rank
rating-board-player = Player
rating-board-rating = Rating
rating-board-games = Games
rating-board-alt-head = { $title }. { $status }
rating-board-alt-row = { $rank }. { $name }: { $rating }, { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    }
rating-board-text = 📈 **Ratings — { $game }** (the picture; its description reads the same rows)
rating-board-pick-a-title = Name a title: `/game leaderboard game:Palazzo by:rating`.
rating-board-empty = Nobody is rated at { $game } { $ladder ->
        [global] across servers
       *[server] on this server
    } yet: a finished game rates its players.

## The global ladder (table/src/rated.rs)
rating-global-on = 🌐 This server's finished games now also rate their players on the ladder across servers.
rating-global-off = This server's games now rate only on this server's ladder.
rating-global-not-shared = This server does not share its ratings with the ladder across servers, so it cannot show it: a member with Manage Server may turn it on with `/game settings global_ratings:on`.
rating-global-not-allowed = Only a member with Manage Server may choose whether this server's games rate on the ladder across servers.

## Seasons (table/src/seasons.rs)
season-not-allowed = Only a member with Manage Server may start or end a season on this server.
season-bad-name = A season's name is 1 to { $max } letters, digits, spaces, dots, hyphens or underscores.
season-already-running = Season { $name } has been running since { $since }: end it before starting another.
season-name-taken = This server already had a season named { $name }: pick another name.
season-started = 🏁 Season { $name } has started: from now on every rated game on this server also counts in it. Each player starts from their all-time rating, its uncertainty widened halfway back to a new player's.
season-none-running = No season is running on this server.
season-ended = 🏆 Season { $name } ({ $since } – { $until }) has ended; its final standings are kept.
season-unknown = This server has no season named { $name }.
season-none-yet = This server has not had a season yet.
season-dates-running = Season { $name }: since { $since }, still running.
season-dates-ended = Season { $name }: { $since } – { $until }, final standings.
season-board-empty = Nobody was rated at { $game } in this season.

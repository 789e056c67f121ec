# Ratings: the changes a finished game made, `/game rating` and the rating leaderboard.
# Numbers are shown ratings (1,000 for a new player).

## A finished game's changes (table/src/rated.rs)
rating-changes = 📈 **Ratings — { $game }**
rating-change = { $name }: { $change } → { $rating }
rating-delta-up = +{ $change }
rating-delta-down = −{ $change }
rating-delta-none = ±0
rating-provisional = (provisional)
rating-unrated-table = ⚖️ An unrated table: its result changes no rating.

## /game rating (table/src/rating_reply.rs)
rating-heading = 📈 **{ $name }'s ratings on this server**
rating-line = **{ $game }**: { $rating } · { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    } · last change { $change } · rank { $rank } of { $players }
rating-none = { $name } has no rating on this server yet: a finished game gives one.
rating-none-of-game = { $name } has no rating at { $game } on this server yet: a finished game gives one.
rating-unreadable = The ratings could not be read ({ $error }).

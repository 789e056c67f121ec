# Ratings: the changes a finished game made, `/game rating` and the rating leaderboard.
# Numbers are shown ratings (1,000 for a new player).

## A finished game's changes (table/src/rated.rs)
rating-changes = 📈 **Ratings — { $game }**
rating-change-up = { $name }: +{ $change } → { $rating }
rating-change-down = { $name }: −{ $change } → { $rating }
rating-change-none = { $name }: ±0 → { $rating }
rating-provisional = (provisional)
rating-unrated-table = ⚖️ An unrated table: its result changes no rating.

# Puntuaciones: los cambios de una partida terminada, `/game rating` y la clasificación
# por puntuación. Los números son puntuaciones mostradas (1000 para quien empieza).

## A finished game's changes (table/src/rated.rs)
rating-changes = 📈 **Puntuaciones — { $game }**
rating-change-up = { $name }: +{ $change } → { $rating }
rating-change-down = { $name }: −{ $change } → { $rating }
rating-change-none = { $name }: ±0 → { $rating }
rating-provisional = (provisional)
rating-unrated-table = ⚖️ Una mesa sin puntuar: su resultado no cambia ninguna puntuación.

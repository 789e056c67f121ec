# villa: the engine's own texts (rules/src/villa/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `villa-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

villa-help-pull-column = start pulling a column (you then feel the villa)
villa-help-place-point = put the pulled column on the top floor at a grid point
villa-help-abort = put the pulled column back; it freezes for the game; your turn ends
villa-help-propose = propose the next floor (start of your turn)
villa-help-object-allow = object to a proposed floor, or let it be built
villa-help-floor-point = place the new floor with its origin at a grid point
villa-help-remove-column = after a failed objection: remove one of the objector's columns
villa-help-play-colour = 2 players: choose the colour you play this turn
villa-help-challenge-allow = 3 players: claim an aborted neutral pull was possible
villa-help-set-column-point = custom setup: stand a column on the base plate

# villa: the engine's own texts (rules/src/villa/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `villa-…`; see locales/en/events.ftl for how phrases are written.
# Glosario: locales/es/rules/villa.md (retirar, colocar, anular, congelada, sello…).

## `/game help`: what each typed move does (CommandHelp::meaning_key).

villa-help-pull-column = empezar a retirar una columna (luego notas la villa)
villa-help-place-point = colocar la columna retirada en el piso superior, en un punto de la cuadrícula
villa-help-abort = devolver la columna retirada; queda congelada toda la partida; tu turno termina
villa-help-propose = proponer el siguiente piso (al empezar tu turno)
villa-help-object-allow = objetar a un piso propuesto, o dejar que se construya
villa-help-floor-point = colocar el piso nuevo con su origen en un punto de la cuadrícula
villa-help-remove-column = tras una objeción fallida: quitar una de las columnas de quien objetó
villa-help-play-colour = 2 jugadores: elegir el color con el que juegas este turno
villa-help-challenge-allow = 3 jugadores: afirmar que la retirada neutral anulada era posible
villa-help-set-column-point = preparación libre: poner una columna en la placa base

## Game words (terms): the floors and the colours are `villa-colour-…` in errors.ftl.

villa-feel-solid = firme como una roca
villa-feel-wobble = se tambalea un poco
villa-feel-creaks = cruje
villa-feel-sways = se balancea peligrosamente

## Events (VillaEvent). Los nombres de las columnas (`blue-thin-1`) y los puntos (`d4`)
## son lo que escriben los jugadores: no se traducen.

villa-event-set-column = { $name } pone { $column } en { $at }.
villa-event-floor-placed = { $name } coloca el piso { $floor } en { $at }. Se sostiene.
villa-event-plays-colour = { $name } juega el { $colour } este turno.
villa-event-pulled = { $name } empieza a retirar { $column }… la mano nota: **{ $feel }**. ¿Colocarla o anular la retirada?
villa-event-aborted = { $name } devuelve { $column } a su sitio; queda congelada el resto de la partida.
villa-event-placed = { $name } coloca { $column } en { $at }. La villa se sostiene.
villa-event-placed-on = { $name } coloca { $column } en { $at } encima de { $on }. La villa se sostiene.
villa-event-placed-lands = { $name } coloca { $column } en { $at } (cae más cerca de { $landed }). La villa se sostiene.
villa-event-placed-on-lands = { $name } coloca { $column } en { $at } encima de { $on } (cae más cerca de { $landed }). La villa se sostiene.
villa-event-collapse-pulling = 💥 ¡La villa se derrumba mientras { $name } retira { $column }!
villa-event-collapse-placing = 💥 ¡La villa se derrumba mientras { $name } coloca { $column }!
villa-event-collapse-removing = 💥 ¡La villa se derrumba mientras { $name } quita { $column }!
villa-event-collapse-floor = 💥 ¡La villa se derrumba mientras { $name } coloca el piso { $floor }!
villa-event-proposed = { $name } propone el piso { $floor }. Cada uno de los demás, por turno, puede objetar o aceptar.
villa-event-objected = { $name } objeta y debe retirar una columna de { $proposer } y colocarla arriba.
villa-event-allowed = { $name } acepta.
villa-event-objection-succeeded = La objeción de { $name } sale bien: { $column } sale de la partida y el turno de { $proposer } termina sin piso.
villa-event-removed = { $name } quita { $column } de la villa y de la partida.
villa-event-no-floor-position = Ya no sirve ninguna posición para el piso { $floor }; termina el turno de { $name }.
villa-event-challenged = { $name } desafía: demostrará que se podía mover una columna neutral. { $original } espera.
villa-event-challenge-succeeded = { $name } lo ha demostrado: { $original } pierde el turno.
villa-event-seal-taken = 🏅 { $name } se queda el sello de maestro constructor ({ $score ->
    [one] { $score } punto
   *[other] { $score } puntos
    }).
villa-event-seal-taken-from = 🏅 { $name } le quita el sello de maestro constructor a { $from } ({ $score ->
    [one] { $score } punto
   *[other] { $score } puntos
    }).
villa-event-skipped = { $name } no puede construir y pasa.
villa-event-over-collapse-wins = La partida termina: { $by } ha derrumbado la villa. Gana { $winner } con el sello.
villa-event-over-collapse-nobody = La partida termina: { $by } ha derrumbado la villa. No gana nadie.
villa-event-over-stalled-wins = La partida termina: nadie puede mover una columna ni colocar un piso. Gana { $winner } con el sello.
villa-event-over-stalled-nobody = La partida termina: nadie puede mover una columna ni colocar un piso. No gana nadie.
villa-event-over-no-foundation-wins = La partida termina: el piso azul no se sostiene en ningún sitio sobre 3 columnas. Gana { $winner } con el sello.
villa-event-over-no-foundation-nobody = La partida termina: el piso azul no se sostiene en ningún sitio sobre 3 columnas. No gana nadie.

## The board as text (render_public, render_headline). Los nombres de las columnas, sus
## códigos (`YT`, `b1`), los puntos y las marcas de los dibujos (`^`, `*`, `::`, `+`) no
## se traducen. Los niveles llevan su artículo («la placa base», «el piso azul»).

villa-board-headline = **Villa Paletti** · turno { $turn } · { $colours }
villa-board-owner = { $colour } { $name }
villa-board-owner-neutral = { $colour } neutral
villa-board-seal = Sello: { $seal } · Puntos en el nivel superior: { $scores }
villa-board-seal-holder = { $holder }
villa-board-seal-before = { $holder } (antes: { $previous })
villa-board-seal-none = aún sin dueño
villa-board-score = { $name } { $points }
villa-board-side-view = Vista lateral (1 carácter = 1 cm; minúscula = congelada)
villa-board-base = base
villa-board-base-plate = la placa base
villa-board-floor = el piso { $colour }
villa-board-level-top = { $level } (superior)
villa-board-on-level = **En { $level }**: { $columns }
villa-board-in-hand = (en la mano)
villa-board-frozen = congelada
villa-board-on = sobre
villa-board-gone = Fuera de la partida: { $columns }
villa-board-marks = (^ sostiene el piso de arriba · *{ $frozen } = no puede volver a moverse)
villa-board-top-view = Vista desde arriba: { $level } — puntos de la cuadrícula { $range }
villa-board-below-it = Debajo: { $level } (+ = bajo el piso { $floor })
villa-board-further-down = Más abajo: { $level } (+ = bajo el piso { $floor })
villa-board-codes = Códigos: color B/R/Y/G + T gruesa, M mediana, 1-3 delgada (minúscula = congelada); :: huella de la columna

## Who must do what now (waiting_line: the board's third line).

villa-board-wait-over = La partida ha terminado.
villa-board-wait-setup-columns = { $name } pone una columna en la placa base.
villa-board-wait-setup-floor = { $name } coloca el piso azul (dónde va su origen).
villa-board-wait-turn-two = Turno de { $name }: juega un color o propón un piso.
villa-board-wait-turn-three = Turno de { $name }: primero retira una columna neutral (verde), o propón un piso.
villa-board-wait-turn = Turno de { $name }: retira una columna o propón un piso.
villa-board-wait-plays-colour = { $name } juega el { $colour }: retira una de sus columnas.
villa-board-wait-own = { $name } mueve ahora una de sus propias columnas.
villa-board-wait-pick-objector = { $name } debe retirar una columna de { $proposer }.
villa-board-wait-pick-neutral = { $name } debe retirar una columna neutral.
villa-board-wait-feel = { $name } tiene { $column } a medio retirar y nota: **{ $feel }**. Colócala o anula la retirada.
villa-board-wait-objections = { $proposer } ha propuesto el piso { $floor }; { $next } puede objetar o aceptar.
villa-board-wait-challenges = { $name } ha anulado la retirada de una neutral; { $next } puede desafiar o aceptar.
villa-board-wait-removal = { $proposer } quita una columna de { $objector }.
villa-board-wait-place-floor = { $name } coloca el piso { $floor } (dónde va su origen).

## A player's hand (render_private).

villa-hand-you-play = Juegas con el { $colour }. Villa Paletti no tiene secretos: todo, también lo que nota cada mano, se dice en el canal.
villa-hand-you-play-two = Juegas con el { $first } y el { $second }. Villa Paletti no tiene secretos: todo, también lo que nota cada mano, se dice en el canal.
villa-hand-no-secrets = Villa Paletti no tiene secretos: todo, también lo que nota cada mano, se dice en el canal.
villa-hand-green-neutral = El verde es neutral.

## Final scores (ScoreLine labels) and the outcome's note.

villa-score-top-level = puntos en el nivel superior
villa-score-seal = tiene el sello de maestro constructor
villa-note-collapse = La villa se derrumbó.
villa-note-stalled = Nadie podía mover una columna ni colocar un piso.
villa-note-no-foundation = El piso azul no podía sostenerse en ningún sitio sobre 3 columnas.
villa-note-never-taken = { $cause } Nadie tomó nunca el sello: no gana nadie.
villa-note-previous-wins = { $cause } El poseedor del sello causó el derrumbe: gana el poseedor anterior.
villa-note-first-holder-collapsed = { $cause } El primer poseedor del sello causó el derrumbe y no había poseedor anterior: no gana nadie.
villa-note-holder-wins = { $cause } Gana el poseedor del sello.

## Typed moves that do not read (ParseError). Las jugadas se escriben en inglés.

villa-parse-empty = Escribe una jugada, p. ej. `pull blue-thin-1`, `place d4`, `abort` o `propose`.
villa-parse-unknown = Jugada desconocida. Prueba `pull blue-thin-1`, `place d4`, `abort`, `propose`, `object`, `allow`, `floor k7`, `play red`, `challenge`, `remove red-thin-2`.
villa-parse-not-a-column = `{ $typed }` no es una columna. Las columnas se llaman color-tipo: blue-thick, red-medium, green-thin-2.
villa-parse-not-a-column-thin = `{ $typed }` no es una columna. Las columnas se llaman color-tipo: blue-thick, red-medium, green-thin-2. Nombra una columna delgada con su número: blue-thin-1, blue-thin-2 o blue-thin-3.
villa-parse-not-a-point = `{ $typed }` no es un punto de la cuadrícula; escribe una letra y un número, como d4.
villa-parse-one-point = Indica un solo punto de la cuadrícula, como d4.
villa-parse-place-not-a-point = `{ $typed }` no es un punto de la cuadrícula; escribe una letra y un número, como d4. Ejemplo: `place d4`.
villa-parse-place-one-point = Indica un solo punto de la cuadrícula, como d4. Ejemplo: `place d4`.
villa-parse-floor-not-a-point = `{ $typed }` no es un punto de la cuadrícula; escribe una letra y un número, como d4. Ejemplo: `floor k7`.
villa-parse-floor-one-point = Indica un solo punto de la cuadrícula, como d4. Ejemplo: `floor k7`.
villa-parse-pull-which = ¿Qué columna? P. ej. `pull blue-thin-1`.
villa-parse-remove-which = ¿Qué columna? P. ej. `remove red-thin-2`.
villa-parse-set-how = Escribe `set <columna> <punto>`, p. ej. `set blue-thin-1 d4`.
villa-parse-play-which = ¿Con qué color juegas? P. ej. `play blue` (blue, red, yellow, green).
villa-parse-play-one = ¿Con qué color juegas? P. ej. `play blue`.

## Reglas prácticas de los bots: el «por qué» de una /partida pista (tras «Por qué: »).

villa-thumb-hold = tienes el sello de maestro constructor, y devolver la columna que sacas es la única jugada sin riesgo (un piso nuevo dejaría el sello en juego): ganas si otro derriba la villa o si nadie puede mover.
villa-thumb-propose = nadie tiene todavía el sello, y el siguiente piso tiene un sitio firme donde ninguna columna que los demás puedan sacar después derribaría la villa; quien construya primero sobre un piso nuevo se lleva el sello.
villa-thumb-floor = este sitio es el que mejor sostiene el piso y después aguanta que los demás saquen cualquiera de sus columnas.
villa-thumb-object = nadie tiene todavía el sello: si su piso cayera, nadie ganaría, y sacar tú una de sus columnas es el paso más seguro.
villa-thumb-surest = es la columna más segura, y el punto más seguro donde ponerla.
villa-thumb-retake = así recuperas el sello de maestro constructor, en el punto más seguro.
villa-thumb-wait = tenías el sello antes que quien lo tiene, así que ganas si derriba la villa; espera, y recupéralo solo con una jugada segura.
villa-thumb-allow = su piso, aunque lo pongan en un sitio cualquiera, tiene más probabilidades de aguantar que sacar tú una de sus columnas; si aguanta, tu primera columna sobre él se lleva el sello.
villa-thumb-unsure = esta columna no se puede colocar con suficiente seguridad, y una caída ahora no dejaría ganador o daría la victoria al otro jugador: devuélvela, la única jugada sin riesgo.
villa-thumb-build = el otro jugador se llevó el sello primero, y esta columna todavía no lo recupera: colócala en su punto más seguro para acercarte a superarlo.
villa-thumb-raise = tienes el sello, y esta columna se puede colocar con seguridad: sube tus puntos en el piso de arriba, así que los demás necesitarán más para quitarte el sello.
villa-thumb-steady = nadie tiene todavía el sello, así que una caída no dejaría ganador: mover esta columna deja la villa lo más firme posible ante cualquier columna que el otro jugador pueda sacar después.
villa-thumb-heavy = de las columnas del otro jugador, esta se saca y se coloca tan segura como cualquiera, y es la que más puntos vale: sale del juego, así que le quedan menos para llevarse el sello.
villa-thumb-lift-heavy = nadie tiene todavía el sello, así que una caída no dejaría ganador: mover esta columna deja la villa casi tan firme como el movimiento más firme ante cualquier columna que el otro jugador pueda sacar después, y vale más puntos: en el piso de arriba ninguna objeción puede quitártela, y cuando esté puesto el siguiente piso podrás subirla para ganar el sello.
villa-thumb-anchor = nadie tiene todavía el sello, así que una caída no dejaría ganador: esta columna es una de tus tres columnas sobre la base que, devueltas y congeladas donde están, sostienen por sí solas el piso azul, saque quien saque cualquier otra, y ninguna objeción puede quitar una columna congelada.
villa-thumb-let = tienes el sello de maestro constructor, o lo tenías antes que el otro jugador: si su piso cae, ganas tú, y objetar te haría poner la mano en la villa.
villa-thumb-holder-floor = tienes el sello de maestro constructor, o lo tenías antes que el otro jugador, así que su caída es tu victoria: el siguiente piso tiene un sitio donde aguanta con seguridad. Ponerlo no te cuesta ninguna columna (una columna devuelta queda congelada para siempre), y con la villa más alta sus retiradas son más arriesgadas.
villa-thumb-surest-floor = ganas si el otro jugador derriba la villa: este sitio es el más seguro para que aguante tu piso.

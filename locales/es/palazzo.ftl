# palazzo: the engine's own texts (rules/src/palazzo/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `palazzo-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

palazzo-help-money = tomar dinero: se descubren tantas cartas como jugadores más 1; tú eliges 2 y los demás 1 cada uno
palazzo-help-pick-cards = elegir dinero descubierto (2 cartas si es tu turno; si no, 1)
palazzo-help-draw = robar dos losetas (al suministro y luego a una cantera); después, comprar o subastar
palazzo-help-buy-tile-tile-pay-cards = comprar 1 o 2 losetas del suministro, en un solo pago de al menos el precio
palazzo-help-auction = subastar la siguiente cantera con losetas (abres con el certificado 3)
palazzo-help-raise-cards = añadir cartas a tu puja boca arriba para superar la puja más alta
palazzo-help-pass = dejar la subasta y recuperar las cartas de tu puja
palazzo-help-build-tile-on-palace-build-tile-new = construir una loseta que has conseguido encima de un palacio o como palacio nuevo
palazzo-help-discard-tile = sacar de la partida una loseta que has conseguido en vez de construirla
palazzo-help-reconstruct-lift-tile-pay-card = sacar una loseta de un palacio para que quede sola (cuesta una carta)
palazzo-help-reconstruct-insert-tile-into-palace-pay = meter un palacio de una sola loseta en otro palacio donde encaje su piso
palazzo-help-reconstruct-remove-tile-pay-card = sacar de la partida un palacio de una sola loseta

## El tablero como texto (views.rs: render_public, headline). Losetas, cartas, números
## de pila y letras de palacio son códigos y pasan tal cual.

# El nombre de un jugador solo (en listas de nombres).
palazzo-board-name = { $name }
palazzo-board-over = **Palazzo** — fin de la partida (han salido los 5 jinetes)
# $ask es uno de palazzo-board-ask-….
palazzo-board-headline = **Palazzo** — turno de { $active } · se espera a { $waiting }: { $ask }
palazzo-board-ask-turn = elige: dinero, robar o reconstruir
palazzo-board-ask-pick = elige dinero descubierto
palazzo-board-ask-buy = compra del suministro (a { $price } cada loseta) o subasta
palazzo-board-ask-auction = sube la puja o pasa
palazzo-board-ask-handout = coge una loseta del lote: constrúyela o descártala
palazzo-board-ask-building = construye o descarta las losetas ganadas o compradas
palazzo-board-ask-over = fin de la partida
# $stacks: "I 9 · II 16 · III 21" (lo que queda en cada pila).
palazzo-board-stacks = Pilas: { $stacks } · jinetes { $riders }/5
palazzo-board-supply = Suministro (a { $price } cada loseta): { $tiles }
palazzo-board-quarries = Canteras (🔨 maestro de obras):
# El nombre corto de una cantera, al principio de su línea.
palazzo-board-quarry = Cantera { $number }
palazzo-board-money = Dinero: mazo { $pile } · descartes { $discards } · losetas fuera de la partida { $boxed }
palazzo-board-revealed = Dinero descubierto: { $cards }
palazzo-board-auction = Subasta de la cantera { $quarry } ({ $tiles }) — puja más alta { $high }, de { $leader }
palazzo-board-no-bid = aún sin puja
palazzo-board-builds = { $name } construye: { $tiles }
palazzo-board-lot = Lote repartido: { $tiles }
palazzo-board-seat = **{ $name }** — { $cards ->
        [one] { $cards } carta
       *[other] { $cards } cartas
    } · { $score } ptos.

## La mano de un jugador como texto (views.rs: render_private) y la nota de la subasta.

palazzo-hand-cards = Tu mano ({ $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    }): { $cards }
palazzo-hand-empty = Tu mano (0 cartas): vacía
palazzo-hand-best-bid = Mejor puja sola: { $best }
palazzo-note-reach = En esta subasta tu puja puede llegar a { $reach }.

## Líneas de la puntuación final (scoring.rs).

palazzo-score-palace = palacio { $palace } ({ $floors ->
        [one] { $floors } piso
       *[other] { $floors } pisos
    }, { $windows ->
        [one] { $windows } ventana
       *[other] { $windows } ventanas
    })
palazzo-score-palace-bonus = palacio { $palace } ({ $floors ->
        [one] { $floors } piso
       *[other] { $floors } pisos
    }, { $windows ->
        [one] { $windows } ventana
       *[other] { $windows } ventanas
    }), un solo material +{ $bonus }
palazzo-score-tiebreak = mejor puja sola con la mano
palazzo-score-note = La partida terminó al salir el 5.º jinete.

## Movimientos escritos que no se entienden (actions.rs). Las palabras de las órdenes y
## los ejemplos se escriben tal cual (en inglés).

palazzo-parse-c3 = El certificado 3 (`C3`) solo abre una subasta y nunca se escribe: sube la puja con cartas R/G/B de 3 a 7 y C2.
palazzo-parse-not-a-card = `{ $word }` no es una carta de dinero; escribe las cartas así: R5 G7 B3 C2 (rojo/verde/azul de 3 a 7, certificado C2).
palazzo-parse-too-many = Más de { $max } × { $card }: el juego solo tiene 3 de cada carta de moneda y 10 C2.
palazzo-parse-not-a-tile = `{ $word }` no es el id de una loseta; las losetas se escriben material-piso-ventanas, p. ej. marble-3-2w (la loseta extra de piso 3 y una ventana es marble-3-1w-b).
palazzo-parse-not-a-palace = `{ $word }` no es la letra de un palacio (A, B, C…).
palazzo-parse-empty = Escribe una orden: `money`, `draw`, `buy`, `auction`, `raise`, `pass`, `pick`, `build`, `discard` o `reconstruct`.
palazzo-parse-pick-usage = Di qué cartas descubiertas coges: pick R5 G7
palazzo-parse-raise-usage = Di qué cartas añades a tu puja: raise R4 G4 B4
palazzo-parse-buy-usage = Compra 1 o 2 losetas del suministro y di cómo pagas: buy brick-2-1w pay R4 R5
palazzo-parse-build-usage = Construye una loseta encima de un palacio o como palacio nuevo: build marble-3-2w on B, build marble-3-2w new
palazzo-parse-discard-usage = Di qué loseta sacas de la partida: discard marble-3-2w
palazzo-parse-reconstruct-usage = Reconstruir cuesta una carta: reconstruct lift <tile> pay R5 | reconstruct insert <tile> into B pay R5 | reconstruct remove <tile> pay R5
palazzo-parse-unknown = `{ $word }` no es una orden de Palazzo. Prueba: `money`, `draw`, `buy <tiles> pay <cards>`, `auction`, `raise <cards>`, `pass`, `pick <cards>`, `build <tile> on <palace>|new`, `discard <tile>`, `reconstruct …`

# princes: the engine's own texts (rules/src/princes/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `princes-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

princes-help-keep-profession-profession-profession = preparación: quédate tres de los cuatro personajes que te han repartido
princes-help-open-forest-lake-park-jester-builder-pre = fase A: abre una subasta a 200 (el último jugador compra a 200)
princes-help-bid-amount = fase A: sube la puja más alta exactamente 100
princes-help-pass = fase A: retírate de esta subasta (no puedes volver)
princes-help-decline = fase A: si te toca abrir, no compras nada esta ronda
princes-help-place-landscape-at-square-rot-90-180-270 = coloca el paisaje que acabas de comprar
princes-help-keep-card = quédate una de las cartas que estás mirando
princes-help-recruit-profession = cambia una carta de reclutamiento por un personaje boca arriba de otro jugador (no es una acción)
princes-help-later = guarda para más tarde la carta de reclutamiento que acabas de comprar
princes-help-work-profession-bonus-b-prestige-n = fase B: completa una obra; devuelve 200 del pago por cada punto de prestigio
princes-help-build-building-at-square-rot-90-180-270 = fase B: construye (700, 300 con un arquitecto, 0 con tres); la casilla es la esquina superior izquierda de la pieza
princes-help-draw-profession = fase B: paga 300, mira los 5 primeros personajes y quédate 1
princes-help-draw-bonus = fase B: paga 300, mira las 5 primeras cartas de bonus y quédate 1
princes-help-freedom-opinion-religion-travel = fase B: paga 300 e introduce una libertad
princes-help-done = fase B: termina tu turno
princes-help-sell-n = siempre que te toque: retrocede n en la escala de prestigio a 100 florines cada uno

## Game words (rules/src/princes/terms.rs): one key per piece, card and deck.

princes-unknown = ?
princes-building-university = Universidad
princes-building-laboratory = Laboratorio
princes-building-workshop = Taller
princes-building-library = Biblioteca
princes-building-opera = Ópera
princes-building-studio = Estudio
princes-building-hospital = Hospital
princes-building-theatre = Teatro
princes-building-tower = Torre
princes-building-chapel = Capilla
princes-landscape-forest = bosque
princes-landscape-lake = lago
princes-landscape-park = parque
princes-freedom-opinion = opinión
princes-freedom-religion = religión
princes-freedom-travel = viaje
princes-profession-mathematician = Matemático
princes-profession-theologian = Teólogo
princes-profession-philosopher = Filósofo
princes-profession-botanist = Botánico
princes-profession-alchemist = Alquimista
princes-profession-physicist = Físico
princes-profession-clockmaker = Relojero
princes-profession-goldsmith = Orfebre
princes-profession-bellfounder = Campanero
princes-profession-cartographer = Cartógrafo
princes-profession-jurist = Jurista
princes-profession-choreographer = Coreógrafo
princes-profession-composer = Compositor
princes-profession-sculptor = Escultor
princes-profession-painter = Pintor
princes-profession-pharmacist = Farmacéutico
princes-profession-physician = Médico
princes-profession-playwright = Dramaturgo
princes-profession-poet = Poeta
princes-profession-astronomer = Astrónomo
princes-profession-organist = Organista
# Objetos de subasta en frases, con su artículo ("compra el bufón").
princes-item-forest = el bosque
princes-item-lake = el lago
princes-item-park = el parque
princes-item-jester = el bufón
princes-item-builder = el arquitecto
princes-item-prestige = la carta de prestigio
princes-item-recruiting = la carta de reclutamiento
# Mazos en frases ("robar una carta de bonus").
princes-deck-profession = personaje
princes-deck-bonus = bonus
princes-deck-prestige = prestigio
# Cartas de personaje, como las lista una mirada: nombre (n.º: edificio, paisaje, libertad).
princes-card-p01 = { princes-profession-mathematician } (#1: { princes-building-university }, { princes-landscape-lake }, { princes-freedom-religion })
princes-card-p02 = { princes-profession-theologian } (#2: { princes-building-university }, { princes-landscape-park }, { princes-freedom-travel })
princes-card-p03 = { princes-profession-philosopher } (#3: { princes-building-university }, { princes-landscape-forest }, { princes-freedom-opinion })
princes-card-p04 = { princes-profession-botanist } (#4: { princes-building-laboratory }, { princes-landscape-park }, { princes-freedom-religion })
princes-card-p05 = { princes-profession-alchemist } (#5: { princes-building-laboratory }, { princes-landscape-lake }, { princes-freedom-opinion })
princes-card-p06 = { princes-profession-physicist } (#6: { princes-building-laboratory }, { princes-landscape-forest }, { princes-freedom-travel })
princes-card-p07 = { princes-profession-clockmaker } (#7: { princes-building-workshop }, { princes-landscape-lake }, { princes-freedom-travel })
princes-card-p08 = { princes-profession-goldsmith } (#8: { princes-building-workshop }, { princes-landscape-park }, { princes-freedom-opinion })
princes-card-p09 = { princes-profession-bellfounder } (#9: { princes-building-workshop }, { princes-landscape-forest }, { princes-freedom-religion })
princes-card-p10 = { princes-profession-cartographer } (#10: { princes-building-library }, { princes-landscape-lake }, { princes-freedom-religion })
princes-card-p11 = { princes-profession-jurist } (#11: { princes-building-library }, { princes-landscape-forest }, { princes-freedom-opinion })
princes-card-p12 = { princes-profession-choreographer } (#12: { princes-building-opera }, { princes-landscape-forest }, { princes-freedom-travel })
princes-card-p13 = { princes-profession-composer } (#13: { princes-building-opera }, { princes-landscape-lake }, { princes-freedom-opinion })
princes-card-p14 = { princes-profession-sculptor } (#14: { princes-building-studio }, { princes-landscape-forest }, { princes-freedom-religion })
princes-card-p15 = { princes-profession-painter } (#15: { princes-building-studio }, { princes-landscape-lake }, { princes-freedom-travel })
princes-card-p16 = { princes-profession-pharmacist } (#16: { princes-building-hospital }, { princes-landscape-park }, { princes-freedom-opinion })
princes-card-p17 = { princes-profession-physician } (#17: { princes-building-hospital }, { princes-landscape-forest }, { princes-freedom-travel })
princes-card-p18 = { princes-profession-playwright } (#18: { princes-building-theatre }, { princes-landscape-park }, { princes-freedom-religion })
princes-card-p19 = { princes-profession-poet } (#19: { princes-building-theatre }, { princes-landscape-lake }, { princes-freedom-travel })
princes-card-p20 = { princes-profession-astronomer } (#20: { princes-building-tower }, { princes-landscape-forest }, { princes-freedom-religion })
princes-card-p21 = { princes-profession-organist } (#21: { princes-building-chapel }, { princes-landscape-forest }, { princes-freedom-opinion })
# Cartas de bonus (B) y de prestigio (P): código y texto.
princes-card-b01 = B01 +1 por arquitecto y por lago
princes-card-b02 = B02 +1 por edificio mediano y por bosque
princes-card-b03 = B03 +1 por carta de prestigio y por libertad
princes-card-b04 = B04 +1 por bufón y por libertad
princes-card-b05 = B05 +1 por edificio pequeño y por paisaje
princes-card-b06 = B06 +1 por paisaje
princes-card-b07 = B07 +1 por edificio
princes-card-b08 = B08 +1 por categoría presente (bosque, lago, parque, bufón, arquitecto, carta de prestigio, libertad)
princes-card-b09 = B09 +1 por carta de personaje o de reclutamiento en la mano (sin contar la jugada)
princes-card-b10 = B10 +2 por arquitecto
princes-card-b11 = B11 +2 por parque
princes-card-b12 = B12 +2 por bosque
princes-card-b13 = B13 +2 por edificio grande
princes-card-b14 = B14 +2 por bufón
princes-card-b15 = B15 +2 por lago
princes-card-b16 = B16 +2 por libertad
princes-card-b17 = B17 +2 por carta de prestigio
princes-card-b18 = B18 +2 por tamaño de edificio presente
princes-card-b19 = B19 +2 por tipo de paisaje presente
princes-card-b20 = B20 +1 por carta de personaje o de reclutamiento propia boca arriba (incluida la jugada)
princes-card-x01 = P01 más edificios: 6 (empate 3)
princes-card-x02 = P02 más lagos: 6 (empate 3)
princes-card-x03 = P03 más bufones: 6 (empate 3)
princes-card-x04 = P04 más arquitectos: 6 (empate 3)
princes-card-x05 = P05 menos casillas vacías: 8 (empate 4)
princes-card-x06 = P06 más parques: 5 (empate 3)
princes-card-x07 = P07 más obras: 7 (empate 4)
princes-card-x08 = P08 más bosques: 7 (empate 4)
princes-card-x09 = P09 más paisajes: 7 (empate 4)
princes-card-x10 = P10 ≥1 arquitecto, ≥1 bufón y 2 tipos de paisaje: 7
princes-card-x11 = P11 ≥4 edificios, 2 libertades y 4 obras: 6
princes-card-x12 = P12 las tres libertades: 8
princes-card-x13 = P13 ≥2 edificios grandes: 5
princes-card-x14 = P14 los tres tipos de paisaje: 8

## Events (rules/src/princes/events.rs).

princes-event-professions-chosen = { $name } ya ha elegido sus personajes.
princes-event-you-keep-professions = Te quedas { $n ->
        [1] { $a }
        [2] { $a } y { $b }
       *[other] { $a }, { $b } y { $c }
    } y devuelves { $returned }.
princes-event-round-begins = Empieza la ronda { $round } de { $rounds }; { $start } es el jugador inicial. Valor mínimo de obra: { $min }. Fase A: subastas.
princes-event-actions-begin = Fase B: acciones; empieza { $start }.
princes-event-turn-ends-two-actions = Termina el turno de { $name } (ya hizo dos acciones).
princes-event-ends-turn = { $name } termina su turno.
princes-event-best-work = Obra más bella de la ronda { $round }: { $n ->
        [1] { $a }
        [2] { $a } y { $b }
        [3] { $a }, { $b } y { $c }
        [4] { $a }, { $b }, { $c } y { $d }
       *[other] { $a }, { $b }, { $c }, { $d } y { $e }
    }, con { $best } (+3 de prestigio).
princes-event-no-best-work = Nadie completó una obra en la ronda { $round }: no hay premio a la obra más bella.
princes-event-reveals = { $name } revela { $card }: { $points } de prestigio.
princes-event-game-ends = Ha terminado la séptima ronda: fin de la partida.
princes-event-opens = { $name } subasta { $item }, con salida en { $bid }.
princes-event-bids = { $name } puja { $amount } por { $item }.
princes-event-passes = { $name } pasa.
princes-event-declines = { $name } renuncia y no compra nada esta ronda.
princes-event-buys = { $name } compra { $item } por { $price }.
princes-event-builder-cost = Ahora a { $name } cada edificio le cuesta 300.
princes-event-builder-touching = { $name } ya puede construir edificios adyacentes (+3 de prestigio).
princes-event-builder-free = { $name } ya construye gratis (+3 de prestigio).
princes-event-keeps-for-later = { $name } guarda la carta de reclutamiento para más tarde.
princes-event-sells = { $name } retrocede { $points } en la escala de prestigio a cambio de { $florins } florines.
princes-event-draws = { $name } paga { $cost } para robar una carta de { $deck }.
princes-event-looks-at = { $name } mira { $count ->
        [one] la primera carta
       *[other] las { $count } primeras cartas
    } de { $deck }.
princes-event-you-look-at = Miras: { $n ->
        [1] { $a }
        [2] { $a }; { $b }
        [3] { $a }; { $b }; { $c }
        [4] { $a }; { $b }; { $c }; { $d }
       *[other] { $a }; { $b }; { $c }; { $d }; { $e }
    }. Quédate una con `keep …`.
princes-event-keeps-one = { $name } se queda una carta de { $deck }; { $back ->
        [one] la otra va
       *[other] { $back } van
    } debajo del mazo.
princes-event-you-keep = Te quedas { $card }.
princes-event-placed = { $name } coloca el { $piece ->
        [forest] { princes-landscape-forest }
        [lake] { princes-landscape-lake }
       *[park] { princes-landscape-park }
    } en { $at }{ $rot ->
        [0] {""}
       *[other] {", girado "}{ $rot }°
    }{ $flip ->
        [yes] {", volteado"}
       *[no] {""}
    }.
princes-event-placed-repeat = { $name } coloca el { $piece ->
        [forest] { princes-landscape-forest }
        [lake] { princes-landscape-lake }
       *[park] { princes-landscape-park }
    } en { $at }{ $rot ->
        [0] {""}
       *[other] {", girado "}{ $rot }°
    }{ $flip ->
        [yes] {", volteado"}
       *[no] {""}
    } (+3 de prestigio: otro del mismo tipo).
princes-event-work = { $name } completa una obra con el { $profession }: valor { $value } → { $payout } florines.
princes-event-work-bonus = { $name } completa una obra con el { $profession } (bonus { $bonus }): valor { $value } → { $payout } florines.
princes-event-work-prestige = { $name } completa una obra con el { $profession }: valor { $value } → { $payout } florines; devuelve { $returned } por { $prestige } de prestigio.
princes-event-work-bonus-prestige = { $name } completa una obra con el { $profession } (bonus { $bonus }): valor { $value } → { $payout } florines; devuelve { $returned } por { $prestige } de prestigio.
princes-event-built = { $name } construye: { $piece ->
        [university] { princes-building-university }
        [laboratory] { princes-building-laboratory }
        [workshop] { princes-building-workshop }
        [library] { princes-building-library }
        [opera] { princes-building-opera }
        [studio] { princes-building-studio }
        [hospital] { princes-building-hospital }
        [theatre] { princes-building-theatre }
        [tower] { princes-building-tower }
       *[chapel] { princes-building-chapel }
    } en { $at }{ $rot ->
        [0] {""}
       *[other] {", girado "}{ $rot }°
    }{ $flip ->
        [yes] {", volteado"}
       *[no] {""}
    }, por { $cost } florines (+3 de prestigio).
princes-event-freedom = { $name } introduce la libertad de { $freedom } por { $cost }.
princes-event-recruits = { $name } recluta al { $profession } de la zona de { $from } con una carta de reclutamiento.

## The board as text (rules/src/princes/views.rs, render_public and headline).

princes-board-headline = **Los Príncipes de Florencia** — ronda { $round }/{ $rounds }, obra mínima { $min }. Jugador inicial: { $start }.
princes-board-setup = Preparación: cada uno se queda 3 de sus 4 personajes (en secreto).
princes-board-auctions = Fase A — subastas.
princes-board-bought = Comprado: { $list }.
princes-board-bought-item = { $stack } ({ $name })
princes-board-declined = Renuncian: { $list }.
princes-board-auction = Subasta: **{ $stack }**, puja más alta { $high } de { $leader }; siguen: { $bidders }.
princes-board-to-bid = { $name } puja { $bid } o pasa.
princes-board-opens-next = { $name } abre la siguiente.
princes-board-actions = Fase B — acciones: turno de { $name } ({ $used }/2 acciones hechas).
princes-board-over = La partida ha terminado.
princes-board-waiting-place = Esperando: { $name } coloca un { $landscape }.
princes-board-waiting-look = Esperando: { $name } elige 1 de { $count } cartas de { $deck }.
princes-board-waiting-recruit = Esperando: { $name } puede jugar ya la carta de reclutamiento o guardarla.
princes-board-supply = Reserva: bosque { $forest } · lago { $lake } · parque { $park } · bufón { $jester } · arquitecto { $builder } · prestigio { $prestige } · reclutamiento { $recruiting }
princes-board-left = Edificios: { $buildings } · libertades: Opi { $opinion } Rel { $religion } Via { $travel } · mazos: personajes { $professions }, bonus { $bonus }
princes-board-none = ninguna
princes-board-recruiting-card = (reclutamiento)
princes-board-player = **{ $name }** — prestigio { $prestige } · bufones { $jesters } · arquitectos { $builders } · libertades: { $freedoms } · mano { $hand } ({ $recruiting } de reclutamiento) · bonus { $bonus } · cartas de prestigio { $cards } · obras { $works }
princes-board-best-work = mejor obra de la ronda { $best }
princes-board-display = a la vista: { $list }
princes-board-legend = # palacio · U univ. · L lab. · W taller · B biblioteca · O ópera · S estudio · H hospital · T teatro · I torre · C capilla · f bosque · l lago · p parque
princes-board-waiting-for = Esperando a: { $list }
# Montones de subasta en el tablero (se escribe `open` con la palabra inglesa).
princes-stack-forest = bosque
princes-stack-lake = lago
princes-stack-park = parque
princes-stack-jester = bufón
princes-stack-builder = arquitecto
princes-stack-prestige = prestigio
princes-stack-recruiting = reclutamiento

## A hand as text (render_private).

princes-hand-headline = **{ $name }** — { $florins } florines · prestigio { $prestige } · ronda { $round } (obra mínima { $min })
princes-hand-dealt = Repartidos: { $list } — quédate tres.
princes-hand-no-professions = Personajes: ninguno
princes-hand-professions = Personajes (valor de obra ahora, sin cartas de bonus):
princes-hand-profession = { $name } #{ $number } [{ $building }, { $landscape }, { $freedom }] — { $value }
princes-hand-profession-below = { $name } #{ $number } [{ $building }, { $landscape }, { $freedom }] — { $value } (por debajo del mínimo)
princes-hand-recruiting = Cartas de reclutamiento: { $count }
princes-hand-bonus-cards = Cartas de bonus:
princes-hand-bonus = { $card } (+{ $now } ahora)
princes-hand-prestige-cards = Cartas de prestigio:
princes-hand-looking = Miras las primeras cartas de { $deck } — quédate una:

## Final scores (Game::outcome).

princes-score-during-game = prestigio durante la partida
princes-score-card = { $card }
princes-score-florins = florines
princes-score-note = Gana quien tenga más prestigio; en caso de empate, quien tenga más florines; si sigue el empate, comparten la victoria.

## Typed moves that do not parse (rules/src/princes/actions.rs, BadCommand).

princes-parse-rot-needs-value = `rot` necesita 0, 90, 180 o 270, p. ej. `{ $example }`.
princes-parse-bad-rotation = El giro debe ser 0, 90, 180 o 270, no `{ $value }`.
princes-parse-not-a-square = `{ $word }` no es una casilla (A1–G7) ni una opción; escribe p. ej. `{ $example }`.
princes-parse-two-squares = Has dado dos casillas ({ $first } y { $second }): indica solo la casilla superior izquierda, p. ej. `{ $example }`.
princes-parse-say-where = Di dónde, p. ej. `{ $example }`.
princes-parse-help = Comandos: `keep`, `open`, `bid`, `pass`, `decline`, `place`, `recruit`, `later`, `work`, `build`, `draw profession`, `draw bonus`, `freedom`, `done`, `sell`. Ejemplo: `build opera at C4 rot 90 flip`.
princes-parse-return-instead = Mejor di los tres personajes que te quedas, p. ej. `keep poet jurist organist`.
princes-parse-open-which = ¿Qué montón abres? forest, lake, park, jester, builder, prestige o recruiting; p. ej. `open jester`.
princes-parse-no-auction = No hay ninguna subasta en la que pujar.
princes-parse-bid-amount = Puja una cantidad, p. ej. `bid 300` (o solo `bid` para subir 100).
princes-parse-place-which = ¿Qué paisaje colocas? P. ej. `place lake at B2 rot 90`.
princes-parse-build-what = ¿Qué construyes? university, laboratory, workshop, library, opera, studio, hospital, theatre, tower o chapel; p. ej. `build opera at C4 rot 90 flip`.
princes-parse-recruit-which = ¿Qué personaje boca arriba reclutas? P. ej. `recruit poet`.
princes-parse-draw-what = ¿Qué robas? `draw profession` o `draw bonus`.
princes-parse-freedom-which = ¿Qué libertad? `freedom opinion`, `freedom religion` o `freedom travel`.
princes-parse-sell-how-many = ¿Cuántos puntos de prestigio vendes? P. ej. `sell 2` (+100 florines cada uno).
princes-parse-not-a-command = `{ $word }` no es un comando aquí. { princes-parse-help }
princes-parse-not-a-profession = `{ $word }` no es un personaje; p. ej. `keep poet jurist organist`.
princes-parse-keep-which-profession = ¿Qué personaje te quedas? P. ej. `keep poet`.
princes-parse-keep-which-bonus = ¿Qué carta de bonus te quedas? P. ej. `keep B07`.
princes-parse-keep-which-prestige = ¿Qué carta de prestigio te quedas? P. ej. `keep P03`.
princes-parse-nothing-to-keep = Ahora no hay nada que quedarse.
princes-parse-given-twice = `{ $word }` aparece dos veces: indica una sola vez el prestigio que compras; p. ej. `work poet bonus B12 B07 prestige 7`.
princes-parse-not-a-bonus-card = `{ $word }` no es una carta de bonus (B01–B20); p. ej. `work poet bonus B12 B07 prestige 7`.
princes-parse-prestige-number = `prestige` lleva un número de puntos; p. ej. `work poet bonus B12 B07 prestige 7`.
princes-parse-work-which = ¿Con qué personaje haces la obra? P. ej. `work poet bonus B12 B07 prestige 7`.

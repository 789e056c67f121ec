# Los textos de las imágenes del tablero (render/src/*.rs). Los nombres, los números y
# los códigos de las piezas (letras de las losetas, B1, Gy3: lo que escriben los
# jugadores) son argumentos o partes literales; cada palabra dibujada está aquí.

## Comunes (render/src/style.rs, todos los juegos).
picture-seat = Asiento { $number }
picture-empty = vacío

## Palazzo (render/src/palazzo.rs): el tablero.
picture-palazzo-tile-floor = piso
picture-palazzo-tile-brick = ladrillo
picture-palazzo-tile-sandstone = arenisca
picture-palazzo-tile-marble = mármol
picture-palazzo-tile-twin = { $material } b
picture-palazzo-over = Fin de la partida: ha salido el quinto jinete.
picture-palazzo-status = Turno de { $active } · se espera a { $waiting }: { $prompt }.
picture-palazzo-prompt-turn = elige: dinero, robar o reconstruir
picture-palazzo-prompt-pick = coge dinero descubierto
picture-palazzo-prompt-buy = compra del suministro (a { $price } cada loseta) o subasta
picture-palazzo-prompt-auction = sube la puja o pasa
picture-palazzo-prompt-lot = coge una loseta del lote: constrúyela o descártala
picture-palazzo-prompt-build = construye o descarta las losetas ganadas o compradas
picture-palazzo-prompt-over = fin de la partida
picture-palazzo-stacks = Pilas  { $stacks }   ·   Jinetes
picture-palazzo-money = Dinero: mazo { $pile } · descartes { $discards } · losetas fuera del juego { $boxed }
picture-palazzo-quarry = Cantera { $number }
picture-palazzo-master-builder = ★ maestro de obras
picture-palazzo-supply = Suministro de material · { $price } por loseta
picture-palazzo-legend-brick = b ladrillo
picture-palazzo-legend-sandstone = s arenisca
picture-palazzo-legend-marble = m mármol
picture-palazzo-legend-window = ventana · número = piso
picture-palazzo-seat = { $name } · { $score } ptos.
picture-palazzo-cards = { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    }
picture-palazzo-no-palazzo = aún sin palacio
picture-palazzo-revealed = Dinero descubierto (elige)
picture-palazzo-auction = Subasta de la cantera { $quarry } · puja más alta { $high }, de { $leader }
picture-palazzo-no-bid = aún sin puja
picture-palazzo-builds = { $name } construye
picture-palazzo-lot = Lote repartido (una loseta cada uno)

## Palazzo (render/src/palazzo.rs): la mano de un jugador.
picture-palazzo-hand-title = Palazzo · mano de { $name }
picture-palazzo-hand-status = { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } · mejor puja sola { $best }
picture-palazzo-hand-status-reach = { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } · mejor puja sola { $best } · en esta subasta tu puja puede llegar a { $reach }
picture-palazzo-hand-empty = Tu mano está vacía.
picture-palazzo-hand-row = { $currency } · { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } · { $sum }
picture-palazzo-red = Rojo
picture-palazzo-green = Verde
picture-palazzo-blue = Azul
picture-palazzo-certificates = Certificados de valor

## Comunes a las imágenes privadas.
picture-only-you = Solo lo ves tú.

## The Estates (render/src/estates.rs): el tablero.
picture-estates-title = { -estates }
picture-estates-title-round = { -estates } · ronda { $round } de { $rounds }
picture-estates-row = Fila { $row } · necesita { $count ->
        [one] { $count } lote
       *[other] { $count } lotes
    }
picture-estates-row-top = superior
picture-estates-row-middle = central
picture-estates-row-bottom = inferior
picture-estates-row-complete = completa
picture-estates-mayor-doubles = ALCALDE ×2
picture-estates-white-lot = { $lot } b
picture-estates-cube = el cubo { $cube }
picture-estates-roof = el tejado { $value }
picture-estates-permit = el permiso { $value }
picture-estates-permit-code = P{ $value } { $effect }
picture-estates-the-mayor = el alcalde
picture-estates-the-cancel-cube = el cubo de cancelación
picture-estates-choosing = { $auctioneer } es quien subasta: elige una pieza para subastar.
picture-estates-auction = { $auctioneer } subasta { $item }.
picture-estates-auction-answer = { $auctioneer } subasta { $item }. { $bidder } puja o pasa.
picture-estates-deciding = { $bidder } ofrece ${ $amount }M por { $item }. { $auctioneer } decide: vender o quedárselo.
picture-estates-placing = { $owner } debe colocar { $item }.
picture-estates-over = La partida ha terminado.
picture-estates-available = disponible
picture-estates-in-row = en la fila { $row }
picture-estates-gone = descartado
picture-estates-up-for-auction = En subasta
picture-estates-bid = { $name } ${ $amount }M
picture-estates-pass = { $name } pasa
picture-estates-no-bids = aún sin pujas
picture-estates-offer = Filas de oferta (solo se pueden elegir los cubos de los extremos)
picture-estates-roofs-left = Tejados en la bolsa: { $count }
picture-estates-permits = Permisos: { $permits }
picture-estates-mayor-cancel = Alcalde: { $mayor } · Cubo de cancelación: { $cancel }
picture-estates-pieces = Piezas
picture-estates-shares = Acciones (certificados)
picture-estates-blue = azul
picture-estates-red = rojo
picture-estates-yellow = amarillo
picture-estates-green = verde
picture-estates-purple = morado
picture-estates-grey = gris
picture-estates-score-now = Puntos ahora (cajas en secreto)
picture-estates-round-wins = Rondas ganadas: { $wins }
picture-estates-legend = Cubos: B azul · R rojo · Y amarillo · G verde · P morado · Gy gris · el lote 1 da a la calle Mayor · 7 b: un lote blanco

## The Estates (render/src/estates.rs): el dinero de un jugador.
picture-estates-money-title = { -estates } · dinero de { $name }
picture-estates-cash = Efectivo
picture-estates-cash-note = gástalo en subastas
picture-estates-cash-box = Caja
picture-estates-cash-box-note = 1 punto por cada 1 M$ al final; no se puede gastar
# `stash` es la jugada que se escribe: se queda así.
picture-estates-may-stash = Puedes guardar 1 M$ en tu caja personal (`stash`) antes de elegir una pieza.

## Villa Paletti (render/src/villa.rs). Los nombres de las columnas (blue-thick) y sus
## códigos (B1, RT) son lo que escriben los jugadores: no se traducen.
picture-villa-title = { -villa } · turno { $turn }
picture-villa-blue = azul
picture-villa-red = rojo
picture-villa-yellow = amarillo
picture-villa-green = verde
picture-villa-orange = naranja
picture-villa-base = base
picture-villa-over = La partida ha terminado.
picture-villa-setup-columns = { $name } coloca una columna en la placa base.
picture-villa-setup-floor = { $name } coloca el piso azul (dónde va su origen).
picture-villa-turn-two = Turno de { $name }: juega un color o propón un piso.
picture-villa-turn-three = Turno de { $name }: primero retira una columna neutral (verde), o propón un piso.
picture-villa-turn = Turno de { $name }: retira una columna o propón un piso.
picture-villa-plays-colour = { $name } juega el { $colour }: retira una de sus columnas.
picture-villa-own = { $name } mueve ahora una de sus propias columnas.
picture-villa-pick-objector = { $name } debe retirar una columna de { $proposer }.
picture-villa-pick-neutral = { $name } debe retirar una columna neutral.
picture-villa-feel = { $name } tiene { $column } a medio sacar y nota: { $feel }. Colócala o anula la retirada.
picture-villa-objections = { $proposer } ha propuesto el piso { $floor }; { $next } puede objetar o aceptar.
picture-villa-challenges = { $name } ha anulado la retirada de una neutral; { $next } puede desafiar o aceptar.
picture-villa-removal = { $proposer } retira una columna de { $objector }.
picture-villa-place-floor = { $name } coloca el piso { $floor } (dónde va su origen).
picture-villa-feel-solid = firme como una roca
picture-villa-feel-wobble = se tambalea un poco
picture-villa-feel-creaks = cruje
picture-villa-feel-sways = se balancea peligrosamente
picture-villa-neutral = neutral
picture-villa-seal = Sello: { $seal } · puntos en el nivel superior: { $scores }
picture-villa-seal-before = { $holder } (antes: { $previous })
picture-villa-seal-none = aún sin dueño
picture-villa-hand-feels = La mano nota: { $feel }
picture-villa-side-view = Vista lateral de frente (cm, posiciones reales)
picture-villa-base-plate = placa base
picture-villa-floor = piso { $floor }
picture-villa-top-view-base = Vista superior: la placa base
picture-villa-top-view = Vista superior: el piso { $floor } (nivel superior)
picture-villa-gone = Fuera del juego: { $columns }
picture-villa-legend = Códigos: color B azul/R rojo/Y amarillo/G verde + T gruesa, M mediana, 1–3 fina · rayada = congelada · con aro = en la mano

## Los Príncipes de Florencia (render/src/princes.rs): el tablero. Las letras de los
## edificios (U, L…) son códigos y se quedan.
picture-princes-title = { -princes } · turno { $round }/{ $rounds }
picture-princes-palazzo = Palacio
picture-princes-forest = bosque
picture-princes-lake = lago
picture-princes-park = parque
picture-princes-jester = bufón
picture-princes-builder = arquitecto
picture-princes-prestige-card = carta de prestigio
picture-princes-recruiting-card = carta de reclutamiento
picture-princes-stack-forest = Bosque
picture-princes-stack-lake = Lago
picture-princes-stack-park = Parque
picture-princes-stack-jester = Bufón
picture-princes-stack-builder = Arquitecto
picture-princes-stack-prestige = Prestigio
picture-princes-stack-recruiting = Reclutar
picture-princes-opinion = Opinión
picture-princes-religion = Religión
picture-princes-travel = Viaje
picture-princes-setup = Preparación: cada uno se queda 3 de sus 4 personajes (en secreto).
picture-princes-auction = Subastas: { $item } · puja más alta { $high }, de { $leader }.
picture-princes-auction-answer = Subastas: { $item } · puja más alta { $high }, de { $leader }. { $bidder } puja o pasa.
picture-princes-auction-next = Subastas: { $opener } abre la siguiente.
picture-princes-actions-turn = Acciones: turno de { $name } ({ $used }/2 acciones hechas).
picture-princes-actions = Acciones.
picture-princes-over = La partida ha terminado.
picture-princes-waiting = { $status } { $pending }
picture-princes-min-work = Obra mínima { $work } · jugador inicial { $start }
picture-princes-items-now = Objetos en subasta este turno
picture-princes-items-next = Objetos en subasta (próximo turno)
picture-princes-none-left = no quedan
picture-princes-left = { $count ->
        [one] queda { $count }
       *[other] quedan { $count }
    }
picture-princes-prestige-track = Marcador de prestigio
picture-princes-supplies = Edificios restantes: { $buildings } · libertades restantes: Opinión { $opinion } · Religión { $religion } · Viaje { $travel } · mazos: personajes { $professions }, bonus { $bonus }, prestigio { $prestige }
picture-princes-legend = { $buildings } · árbol bosque · olas lago · flor parque
picture-princes-principality = { $name } · { $prestige } de prestigio
picture-princes-people = Bufones { $jesters } · arquitectos { $builders } · obras { $works }
picture-princes-cards = Cartas { $cards } · bonus { $bonus } · prestigio { $prestige }
picture-princes-no-landscapes = Sin paisajes
picture-princes-shown = A la vista: { $cards }
picture-princes-recruiting = reclutamiento
picture-princes-building-university = Universidad
picture-princes-building-laboratory = Laboratorio
picture-princes-building-workshop = Taller
picture-princes-building-library = Biblioteca
picture-princes-building-opera = Ópera
picture-princes-building-studio = Estudio
picture-princes-building-hospital = Hospital
picture-princes-building-theatre = Teatro
picture-princes-building-tower = Torre
picture-princes-building-chapel = Capilla
picture-princes-profession-mathematician = Matemático
picture-princes-profession-theologian = Teólogo
picture-princes-profession-philosopher = Filósofo
picture-princes-profession-botanist = Botánico
picture-princes-profession-alchemist = Alquimista
picture-princes-profession-physicist = Físico
picture-princes-profession-clockmaker = Relojero
picture-princes-profession-goldsmith = Orfebre
picture-princes-profession-bellfounder = Fundidor de campanas
picture-princes-profession-cartographer = Cartógrafo
picture-princes-profession-jurist = Jurista
picture-princes-profession-choreographer = Coreógrafo
picture-princes-profession-composer = Compositor
picture-princes-profession-sculptor = Escultor
picture-princes-profession-painter = Pintor
picture-princes-profession-pharmacist = Farmacéutico
picture-princes-profession-physician = Médico
picture-princes-profession-playwright = Dramaturgo
picture-princes-profession-poet = Poeta
picture-princes-profession-astronomer = Astrónomo
picture-princes-profession-organist = Organista

## Los Príncipes de Florencia (render/src/princes.rs): las cartas de un jugador. Los
## textos de las cartas de bonus y de prestigio ($text) vienen del motor.
picture-princes-hand-title = Príncipes · cartas de { $name }
picture-princes-hand-status = { $florins } florines · prestigio { $prestige } · turno { $round } · obra mínima { $work }
picture-princes-dealt = Repartidas (quédate 3)
picture-princes-in-hand = Personajes en la mano ({ $count }) · cartas de reclutamiento { $recruiting }
picture-princes-work-now = #{ $number } · obra ahora { $work }
picture-princes-none = ninguno
picture-princes-bonus-cards = Cartas de bonus ({ $count })
picture-princes-bonus-card = #{ $id }: { $text } (suma { $now } ahora)
picture-princes-prestige-cards = Cartas de prestigio ({ $count })
picture-princes-choose = Elige 1 de estas cartas ({ $deck })

## Textos alternativos y el tablero en texto (para lectores de pantalla)
picture-alt-public = Imagen del tablero: { $title }. { $status } { $text }
picture-alt-private = Imagen privada de { $name }. { $text }
picture-text-drawing = Aquí se omite un dibujo hecho con caracteres; la imagen lo muestra.
picture-princes-text-palazzo = Palacio de { $name }: { $buildings }; { $landscapes }

## A tournament's standings (render/src/standings.rs): the picture, its alt text and its
## plain text. $points and $opponents arrive formatted.
standings-title = Clasificación — { $event }
standings-round = { $title } · tras la ronda { $round } de { $rounds }.
standings-final = { $title } · clasificación final tras { $rounds ->
        [one] 1 ronda
       *[other] { $rounds } rondas
    }.
standings-shown = Los primeros { $shown } de { $players } jugadores.
standings-legend = Rivales: la media de puntos de las personas con quienes se sentó cada jugador, el primer desempate.
standings-number = { $n }
standings-rank = Puesto
standings-player = Jugador
standings-points = Puntos
standings-played = Jugadas
standings-wins = Ganadas
standings-opponents = Rivales
standings-dropped = (retirado)
standings-alt-head = { $title }. { $status }
standings-alt-row = { $rank }. { $name }: puntos { $points }, jugadas { $played }, ganadas { $wins }, rivales { $opponents }

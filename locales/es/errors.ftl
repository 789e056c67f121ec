# Las negativas de los motores (rules/src: el enum de errores de cada juego, por
# variante, vía `rules::Phrased`), que ve en privado quien hizo la jugada rechazada.
# Los códigos de cartas, losetas, cubos, lotes y columnas, y las palabras de los
# comandos entre comillas invertidas, son los mismos en todos los idiomas.

## Cualquier juego: errores al leer la jugada y al preparar la partida.

# La frase del analizador (la sintaxis del comando escrito), tal cual.
parse-error = { $text }
setup-error-player-count = A { $game } juegan de { $min } a { $max } jugadores, no { $got }.
setup-error-bad-option = Opción de juego no válida: { $text }

## Palazzo (rules/src/palazzo/errors.rs).

palazzo-error-game-over = La partida ha terminado.
palazzo-error-not-your-turn = No es tu turno: la partida espera a otro jugador.
# $attempt: un texto palazzo-not-now-…, $moment: un texto palazzo-now-….
palazzo-error-not-now = { $attempt } { $moment }
palazzo-error-not-enough-money = Tomar dinero descubre { $need } cartas, pero solo quedan { $have } en el mazo y los descartes, así que ahora no puedes tomar dinero.
palazzo-error-pick-count = Debes tomar exactamente { $need } de las cartas descubiertas.
palazzo-error-not-revealed = No está entre las cartas descubiertas: { $cards }.
palazzo-error-not-in-hand = No tienes { $cards }.
palazzo-error-buy-count = Solo puedes comprar 1 o 2 losetas.
palazzo-error-not-in-supply = { $tile } no está en el suministro.
palazzo-error-underpaid = { $tiles ->
    [one] Comprar { $tiles } loseta cuesta { $price }
   *[other] Comprar { $tiles } losetas cuesta { $price }
} (10 − { $supply } losetas en el suministro = { $each } cada una); pagar { $paid } no basta.
palazzo-error-cannot-afford = No puedes pagar ni una loseta (precio { $price }), así que debes subastar.
palazzo-error-empty-supply = El suministro está vacío: no hay nada que comprar, así que debes subastar.
palazzo-error-mixed-currency = Un pago o una puja solo puede usar cartas de una moneda, más certificados (C2) y tríos (una carta de cada moneda con el mismo valor, o tres C2).
palazzo-error-wrong-currency = Tu puja es en { $currency }: solo puedes añadir cartas en { $currency }, certificados (C2) y tríos.
palazzo-error-group-split = Las tres cartas de un trío se juegan juntas en la misma subida: estas cartas solo formarían trío con las { $cards } que ya están en tu puja.
palazzo-error-empty-raise = Añade al menos una carta para subir, o pasa.
palazzo-error-bid-too-low = Debes pujar más que la puja más alta, { $high }; tu puja sumaría { $total }.
palazzo-error-not-pending = { $tile } no es una de las losetas que tienes que construir ahora.
palazzo-error-twin = { $typed } no está ahí, pero su gemela idéntica { $twin } sí: nombra esa.
palazzo-error-no-such-palace = No tienes el palacio { $palace }.
palazzo-error-cannot-stack = { $tile } (piso { $floor }) no puede ir en el palacio { $palace }: su piso más alto es el { $top }, y una loseta solo va encima de un piso más bajo (meterla debajo requiere reconstruir).
palazzo-error-empty-hand = Reconstruir cuesta una carta de dinero, y tu mano está vacía.
palazzo-error-not-yours = { $tile } no está en ninguno de tus palacios.
palazzo-error-already-alone = { $tile } ya está sola; levantar saca una loseta de un palacio de 2 pisos o más.
palazzo-error-not-alone = { $tile } no es un palacio de una sola loseta; solo una loseta suelta puede insertarse o retirarse (levántala antes, en otro turno).
palazzo-error-floor-taken = El palacio { $palace } ya tiene el piso { $floor }; un palacio no puede repetir piso.
palazzo-error-same-palace = Una loseta no puede insertarse en su propio palacio.

# Lo que se intentó a destiempo (la primera mitad de palazzo-error-not-now)…
palazzo-not-now-turn-choice = Eso se elige al principio del turno.
palazzo-not-now-pick = No hay cartas descubiertas que tomar.
palazzo-not-now-buy-or-auction = Comprar o subastar va justo después de robar losetas.
palazzo-not-now-auction = No hay ninguna subasta en marcha.
palazzo-not-now-build = Ahora no tienes ninguna loseta que construir.
# …y lo que la partida espera en su lugar (la segunda mitad).
palazzo-now-turn = Empieza tu turno: elige dinero, robar o reconstruir.
palazzo-now-picking = Se está repartiendo el dinero descubierto: toma tu carta o tus cartas.
palazzo-now-buy-or-auction = Has robado losetas: ahora compra del suministro o subasta.
palazzo-now-auction = Hay una subasta en marcha: sube o pasa.
palazzo-now-handout = Toma una loseta del lote y constrúyela (o descártala).
palazzo-now-building = Construye (o descarta) primero las losetas que has conseguido.
palazzo-now-over = La partida ha terminado.
# Las monedas de las cartas de dinero, como las nombra una frase.
palazzo-currency-red = rojo
palazzo-currency-green = verde
palazzo-currency-blue = azul

## The Estates (rules/src/estates/error.rs).

estates-error-game-over = La partida ha terminado.
estates-error-not-your-turn = No te toca actuar.
estates-error-stash-not-now = Las ganancias ilegales solo se guardan al principio de tu propio turno, antes de elegir una pieza.
estates-error-already-stashed = Ya has metido un cheque en tu caja este turno: un cheque por turno.
estates-error-no-cash-to-stash = No tienes efectivo en mano para meter en tu caja.
estates-error-choose-not-now = Solo eliges una pieza para subastar al principio de tu propio turno.
estates-error-cube-not-offered = { $cube } no está en las filas de oferta.
estates-error-cube-not-at-end = { $cube } no está en un extremo de su fila de oferta: solo se pueden elegir los cubos de los extremos de una fila.
estates-error-cube-unplaceable = { $cube } no tiene ningún sitio legal en el tablero, así que no se puede elegir.
estates-error-no-roofs-left = No quedan tejados.
estates-error-no-unroofed-building = Solo se puede subastar un tejado cuando algún edificio del tablero no tiene tejado.
estates-error-permit-unavailable = El permiso { $value } no está disponible: está en el tablero o fuera de la partida.
estates-error-no-such-permit = No existe el permiso { $value }: los permisos son 1, 2 y 3.
estates-error-mayor-unavailable = El alcalde no está disponible: está en el tablero o fuera de la partida.
estates-error-cancel-unavailable = El cubo de cancelación no está disponible: ya se ha usado o descartado.
estates-error-no-auction = No hay ninguna subasta en marcha: puja o pasa solo cuando el subastador ofrece una pieza.
estates-error-bid-too-low-first = La primera puja debe ser de al menos 1 M$.
estates-error-bid-too-low = Debes pujar más que la puja más alta, { $high } M$.
estates-error-bid-above-cash = Solo tienes { $cash } M$ en mano, así que no puedes pujar { $bid } M$ (el dinero de la caja no sirve para pujar).
estates-error-no-decision = No hay ninguna subasta que decidir: vende o quédate la pieza solo cuando todos los demás hayan pujado o pasado.
estates-error-keep-without-cash = Solo puedes quedarte la pieza si puedes pagar la puja más alta, { $high } M$, con tu efectivo; debes vender.
estates-error-nothing-to-place = Ahora no hay ninguna pieza que colocar.
estates-error-needs-lot = Esta pieza va en un lote, p. ej. `place top-3`.
estates-error-mayor-needs-row = El alcalde se pone en Main Street delante de una fila: `place top`, `place middle` o `place bottom`.
estates-error-remove-needs-cancel = Solo el cubo de cancelación retira un permiso.
estates-error-cancel-not-on-lot = El cubo de cancelación retira un permiso (`remove permit 2`) o se descarta; no se coloca en un lote.
estates-error-must-place = Los cubos de piso y los tejados deben colocarse; no se pueden descartar.
estates-error-first-on-lot-one = El primer cubo de la fila { $row } va en el lote 1, junto a Main Street.
estates-error-gap = No puede haber huecos entre edificios: un edificio nuevo en la fila { $row } va en el lote { $next }.
estates-error-past-requirement = La fila { $row } necesita { $requirement } lotes: el lote { $lot } está en su final o más allá (su requisito o su permiso).
estates-error-white-lot-full = { $lot } es un lote blanco: solo admite un cubo de piso.
estates-error-not-lower = Un cubo sobre un edificio debe ser más bajo que el cubo de debajo: { $cube } no es más bajo que { $below }.
estates-error-roofed = El edificio de { $lot } tiene tejado: no se pone nada encima de un tejado.
estates-error-no-building = No hay ningún edificio en { $lot } al que poner tejado.
# $effect: lengthens (alarga) o shortens (acorta) la fila.
estates-error-permit-lot = El permiso { $value } en la fila { $row } va en el lote { $lot } ({ $effect ->
    [lengthens] la alarga
   *[other] la acorta
} a { $to }).
estates-error-permit-lot-either = El permiso { $value } en la fila { $row } va en el lote { $lot } ({ $effect ->
    [lengthens] la alarga
   *[other] la acorta
} a { $to }) o en el lote { $lot2 } ({ $effect2 ->
    [lengthens] la alarga
   *[other] la acorta
} a { $to2 }).
estates-error-permit-lot-list = El permiso { $value } en la fila { $row } va en el lote { $lots }.
estates-error-permit-nowhere = El permiso { $value } no puede ir en la fila { $row }: necesitaría menos lotes que los { $built } ya construidos, o quedaría fuera de 1 a 9 lotes.
estates-error-permit-not-on-board = El permiso { $value } no está en el tablero.
estates-error-cancel-cuts-built = Retirar el permiso { $value } haría que la fila { $row } necesitara { $requirement } lotes, menos que los { $built } ya construidos.
estates-error-cancel-out-of-range = Retirar el permiso { $value } haría que la fila { $row } necesitara { $requirement } lotes; una fila necesita de 1 a 9.
# Las filas, como las nombra una frase («la fila superior»).
estates-row-top = superior
estates-row-middle = central
estates-row-bottom = inferior

## Villa Paletti (rules/src/villa/mod.rs). Las columnas (`blue-thin-1`), los colores y
## los puntos (`d4`) son las palabras que se escriben.

villa-error-game-over = La partida ha terminado.
villa-error-not-your-turn = No es tu turno: { $expected }.
villa-error-not-now = Eso no se puede ahora: { $expected }.
villa-error-not-yours = { $column } no es tuya: no puedes moverla.
villa-error-frozen = { $column } está bloqueada: una columna cuyo intento se abortó no puede volver a moverse en esta partida.
villa-error-on-top-level = { $column } ya está en el nivel superior; las columnas del nivel superior no se pueden mover.
villa-error-gone = { $column } ha salido de la partida.
villa-error-last-neutral = { $column } es la última columna neutral de su nivel; en cada nivel debe quedar al menos una columna neutral.
villa-error-neutral-first = En la partida de 3 jugadores primero mueves una columna neutral ({ $neutral }); { $column } no es neutral.
villa-error-wrong-colour = Este turno juegas con el { $colour }; { $column } no es de ese color.
villa-error-not-your-colour = El { $colour } no es uno de tus colores.
villa-error-no-movable-in-colour = No se puede mover ninguna de tus columnas de color { $colour }.
villa-error-off-grid = { $at } no está en la cuadrícula; los puntos van de { $range }.
villa-error-off-floor = En { $at } la base de la columna sobresaldría del borde del piso.
villa-error-overlap = En { $at } la columna se solaparía con { $column }; las columnas solo se apoyan unas en otras en el piso rojo.
villa-error-overhang = En el piso rojo una columna apoyada en otra debe caber dentro de ella: en { $at } sobresaldría de { $column }.
villa-error-outside-building-area = En { $at } la columna quedaría fuera del área de construcción (radio 11).
villa-error-already-set = { $column } ya está colocada.
villa-error-no-floors-left = Ya están construidos los cinco pisos.
villa-error-no-floor-position = Ninguna posición del piso { $floor } se apoya en { $supports } columnas del nivel superior dentro de la placa base.
villa-error-floor-off-base = En { $at } el piso { $floor } sobresaldría de la placa base.
villa-error-too-few-supports = En { $at } el piso { $floor } se apoyaría en { $got ->
    [one] { $got } columna
   *[other] { $got } columnas
} del nivel superior; necesita al menos { $need }.
villa-error-floor-would-fall = En { $at } el piso azul se caería enseguida: su peso no quedaría sobre las columnas de debajo.
villa-error-nothing-to-object = El proponente no tiene ninguna columna que puedas sacar, así que no puedes objetar.
villa-error-nothing-to-challenge = No se puede mover ninguna columna neutral, así que no hay nada que desafiar.
villa-error-not-objectors = { $column } no es del objetor; retira una de sus columnas.
villa-error-not-proposers = { $column } debe ser una de las columnas del proponente.

# Lo que espera la partida ($expected de villa-error-not-your-turn y -not-now).
villa-waiting-setup-columns = se están poniendo las columnas en la placa base (`set blue-thin-1 d4`)
villa-waiting-setup-floor = falta colocar el piso azul (`floor l8`)
villa-waiting-begin-play = empieza tu turno con `play <color>` o `propose`
villa-waiting-begin-neutral = empieza tu turno sacando una columna neutral (`pull green-thin-1`) o con `propose`
villa-waiting-begin-pull = empieza tu turno con `pull <columna>` o `propose`
villa-waiting-pull-own = saca una de tus columnas (`pull blue-thick`)
villa-waiting-objector-pulls = el objetor debe sacar una de las columnas del proponente (`pull <columna>`)
villa-waiting-challenger-pulls = quien desafía debe sacar una columna neutral (`pull <columna>`)
villa-waiting-feel = la columna sacada debe colocarse (`place d4`) o volver a su sitio (`abort`)
villa-waiting-objections = cada jugador puede objetar al nuevo piso (`object`) o aceptarlo (`allow`)
villa-waiting-challenges = cada jugador puede desafiar el intento neutral abortado (`challenge`) o aceptarlo (`allow`)
villa-waiting-removal = el proponente retira una de las columnas del objetor (`remove <columna>`)
villa-waiting-place-floor = el proponente coloca el nuevo piso (`floor d4`)
villa-waiting-over = la partida ha terminado
villa-waiting-propose-at-start = solo se puede proponer un piso nuevo al principio de tu turno
villa-waiting-choose-colour = primero elige con cuál de tus colores juegas (`play blue`)
# Los colores de columnas y pisos, como los nombra una frase.
villa-colour-blue = azul
villa-colour-red = rojo
villa-colour-yellow = amarillo
villa-colour-green = verde
villa-colour-orange = naranja

## Los Príncipes de Florencia (rules/src/princes/mod.rs, actions.rs).

princes-error-game-over = La partida ha terminado.
princes-error-not-your-turn = No es tu turno: la partida espera a otro jugador.
princes-error-not-now = { $text }
princes-error-stack-sold = El montón { $stack } ya ha vendido algo en esta ronda (una cosa por montón y ronda).
princes-error-supply-out = No queda { $item } en la reserva.
princes-error-no-room = No hay sitio en tu dominio para { $item }, así que no puedes comprarlo.
princes-error-max-builders = Ya tienes 3 arquitectos, el máximo de un dominio.
princes-error-cannot-afford = Necesitas { $need } florines pero solo tienes { $have }.
princes-error-bad-raise = Las subidas son de 100 florines exactos: la puja más alta es { $high }, así que puja { $need }.
princes-error-outside = { $piece } se saldría de tu dominio: cada casilla debe quedar dentro de la cuadrícula de 7×7.
princes-error-overlap = { $piece } se solaparía con el palacio, un edificio o un paisaje.
princes-error-touches-palazzo = { $piece } tocaría el palacio por un lado; los edificios solo pueden tocarse por las esquinas hasta que tengas 2 arquitectos.
princes-error-touches-building = { $piece } tocaría otro edificio por un lado; los edificios solo pueden tocarse por las esquinas hasta que tengas 2 arquitectos.
princes-error-already-owned = Ya tienes { $building }: un dominio solo puede tener un edificio de cada tipo.
princes-error-wrong-landscape = Has comprado { $landscape }: coloca { $landscape }.
princes-error-no-actions-left = Ya has hecho las dos acciones de este turno; recluta si quieres y luego escribe `done`.
princes-error-limit = { $text }
princes-error-not-in-hand = { $card } no está en tu mano.
princes-error-bonus-not-in-hand = La carta de bonus { $card } no está en tu mano.
princes-error-bonus-twice = La carta de bonus { $card } aparece dos veces.
princes-error-below-minimum = Esta obra vale { $value }, menos que el mínimo de la ronda { $round } ({ $min }), así que no se puede jugar.
princes-error-too-much-prestige = Un pago de { $payout } florines compra como mucho { $max } de prestigio (200 florines cada punto), y solo de ese pago.
princes-error-deck-empty = El mazo de { $deck } está vacío.
princes-error-freedom-owned = Ya has introducido la libertad de { $freedom }; cada libertad, una sola vez por dominio.
princes-error-no-recruit-card = No tienes ninguna carta de reclutamiento en la mano.
princes-error-not-recruitable = { $card } no está boca arriba en la zona de otro jugador, así que no se puede reclutar.
princes-error-not-looked-at = Quédate una de las cartas que estás mirando: { $cards }.
princes-error-bad-keep = Quédate exactamente tres profesiones distintas de las cuatro que te repartieron ({ $cards }).
princes-error-not-enough-prestige = Solo tienes { $have } de prestigio para vender.
princes-error-sell-zero = Vende al menos 1 punto de prestigio.
# Frases fijas ($text de princes-error-not-now y princes-error-limit).
princes-not-now-recruit-now = Eso no se puede ahora; primero recluta (`recruit <profesión>`) con tu nueva carta de reclutamiento o guárdala para después (`later`).
princes-not-now-setup = Eso no se puede ahora; elige las tres profesiones que te quedas (`keep poet jurist organist`).
princes-not-now-auction-live = Eso no se puede ahora; hay una subasta en marcha: puja (`bid`) o pasa (`pass`).
princes-not-now-auction-open = Eso no se puede ahora; abre una subasta (`open jester`) o renuncia (`decline`).
princes-not-now-actions = Eso no se puede ahora; es tu turno de la fase B: obra, edificio, robar, libertad, reclutar o terminar (`done`).
princes-not-now-over = Eso no se puede ahora; la partida ha terminado.
princes-not-now-no-auction-to-bid = No hay ninguna subasta en marcha; abre una, p. ej. con `open jester`.
princes-not-now-no-auction-to-pass = No hay ninguna subasta en marcha. Para no comprar nada esta ronda, `decline`.
princes-not-now-auction-running = Hay una subasta en marcha: puja (`bid`) o pasa (`pass`).
princes-limit-works = Puedes completar como mucho 2 obras por ronda.
princes-limit-builds = Puedes construir como mucho 2 edificios por ronda.
princes-limit-profession = Solo puedes tomar una carta de profesión una vez por ronda.
princes-limit-bonus = Puedes robar una carta de bonus como mucho dos veces por ronda.
princes-limit-freedom = Solo puedes introducir una libertad por ronda.
# Palabras que sobran tras un comando completo (un error al leer la jugada).
princes-error-after-command = `{ $word }` sobra: el comando estaba completo sin esa palabra. Escribe p. ej. `{ $example }`.
princes-error-after-prestige = `{ $word }` sobra: `prestige { $n }` ya dice cuánto prestigio compras; { $example }.

## El juego mínimo de las pruebas de la mesa (rules/src/testgame.rs, feature `testgame`).

countdown-error-not-your-turn = No es tu turno.
countdown-error-bad-amount = Puedes sumar 1, 2 o 3.
countdown-error-ack-first = Todos deben confirmar primero el hito.
countdown-error-nothing-to-ack = No hay nada que confirmar.

# El panel privado de jugadas (commands/src/panel): sus títulos y su navegación, y los
# tipos de jugada y las etiquetas de cada juego (claves que nombra
# commands/src/panel/rules.rs; cada etiqueta recibe las palabras de la acción como
# argumentos). Las etiquetas de botón no pasan de 80 caracteres.

# El título de la raíz, los botones de navegación y el texto de un menú ($title: dónde está).
panel-your-moves = Tus jugadas
panel-back = ◀ Atrás
panel-all-moves = ⏮ Todas las jugadas
panel-choose = { $title }: elige
# Nombres de grupo: la fila de una casilla o punto, cuántas cartas tiene un pago.
panel-row = fila { $row }
panel-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}

# Palazzo: tipos de jugada (botones de la raíz) y la etiqueta de cada jugada.
panel-kind-palazzo-money = Tomar dinero
panel-kind-palazzo-draw = Robar losetas
panel-kind-palazzo-auction = Subasta
panel-kind-palazzo-pass = Pasar
panel-kind-palazzo-pick = Elegir cartas
panel-kind-palazzo-buy = Comprar
panel-kind-palazzo-raise = Subir
panel-kind-palazzo-build = Construir
panel-kind-palazzo-discard = Descartar
panel-kind-palazzo-reconstruct = Reconstruir
panel-palazzo-money = Tomar dinero
panel-palazzo-draw = Robar dos losetas
panel-palazzo-auction = Subastar la siguiente cantera
panel-palazzo-pass = Pasar (recuperas tu puja)
panel-palazzo-pick = Elegir { $cards }
panel-palazzo-buy-pay = Comprar { $tiles }, pagar { $cards }
panel-palazzo-buy-free = Comprar { $tiles } gratis
panel-palazzo-raise = Subir con { $cards }
panel-palazzo-build-on = Construir { $tile } en el palacio { $palace }
panel-palazzo-build-new = Construir { $tile } como palacio nuevo
panel-palazzo-discard = Descartar { $card }
panel-palazzo-lift = Sacar { $tile } como palacio aparte, pagar { $cost }
panel-palazzo-insert = Insertar { $tile } en el palacio { $palace }, pagar { $cost }
panel-palazzo-remove = Eliminar { $tile } de la partida, pagar { $cost }
panel-facet-palazzo-lift = Sacar
panel-facet-palazzo-insert = Insertar
panel-facet-palazzo-remove = Eliminar

# Villa Paletti: tipos de jugada (botones de la raíz) y la etiqueta de cada jugada.
panel-kind-villa-set = Poner una columna
panel-kind-villa-floor = Colocar el piso
panel-kind-villa-play = Jugar
panel-kind-villa-pull = Sacar
panel-kind-villa-place = Colocar
panel-kind-villa-abort = Abandonar
panel-kind-villa-propose = Proponer
panel-kind-villa-object = Objetar
panel-kind-villa-allow = Permitir
panel-kind-villa-challenge = Desafiar
panel-kind-villa-remove = Quitar
panel-villa-set = Poner { $column } en { $point }
panel-villa-floor = Colocar el piso en { $point }
panel-villa-play = Jugar { $column }
panel-villa-pull = Sacar { $column }
panel-villa-place = Colocar la columna en { $point }
panel-villa-abort = Abandonar (la columna queda congelada)
panel-villa-propose = Proponer el siguiente piso
panel-villa-object = Objetar
panel-villa-allow = Permitir
panel-villa-challenge = Desafiar
panel-villa-remove = Quitar { $column }

# The Estates: tipos de jugada (botones de la raíz) y la etiqueta de cada jugada.
panel-kind-estates-stash = Guardar
panel-kind-estates-cube = Subastar un cubo
panel-kind-estates-roof = Subastar un tejado
panel-kind-estates-permit = Subastar un permiso
panel-kind-estates-mayor = Subastar el alcalde
panel-kind-estates-cancel = Subastar el cubo de cancelación
panel-kind-estates-bid = Pujar
panel-kind-estates-pass = Pasar
panel-kind-estates-sell = Vender
panel-kind-estates-keep = Quedártelo
panel-kind-estates-place = Colocar
panel-kind-estates-remove-permit = Quitar un permiso
panel-kind-estates-discard = Descartar
panel-estates-stash = Guardar 1 M$ en tu caja personal
panel-estates-cube = Subastar el cubo { $cube }
panel-estates-roof = Subastar un tejado
panel-estates-permit = Subastar el permiso { $permit }
panel-estates-mayor = Subastar el alcalde
panel-estates-cancel = Subastar el cubo de cancelación
panel-estates-bid = Pujar { $amount } M$
panel-estates-pass = Pasar
panel-estates-sell = Vender al mejor postor
panel-estates-keep = Quedártelo (pagas la puja más alta)
panel-estates-place = Colocar en { $spot }
panel-estates-remove-permit = Quitar el permiso { $permit }
panel-estates-discard = Descartar

# Los Príncipes de Florencia: tipos de jugada (botones de la raíz) y la etiqueta de cada jugada.
panel-kind-princes-keep-professions = Quedarte personajes
panel-kind-princes-keep-card = Quedarte una carta
panel-kind-princes-open = Abrir una subasta
panel-kind-princes-bid = Pujar
panel-kind-princes-pass = Pasar
panel-kind-princes-decline = No comprar
panel-kind-princes-place = Colocar paisaje
panel-kind-princes-recruit = Reclutar
panel-kind-princes-later = Más tarde
panel-kind-princes-work = Obra
panel-kind-princes-build = Construir
panel-kind-princes-draw-profession = Robar un personaje
panel-kind-princes-draw-bonus = Robar una carta de bonus
panel-kind-princes-freedom = Libertad
panel-kind-princes-done = Terminar
panel-kind-princes-sell = Vender prestigio
panel-princes-keep-professions = Quedarte { $first }, { $second }, { $third }
panel-princes-keep-card = Quedarte { $card }
panel-princes-open = Abrir una subasta: { $item }
panel-princes-bid = Pujar { $amount } florines
panel-princes-pass = Pasar
panel-princes-decline = No comprar (no compras nada)
panel-princes-place-rot-flip = Colocar { $landscape } en { $square }, girado { $degrees }°, volteado
panel-princes-place-rot = Colocar { $landscape } en { $square }, girado { $degrees }°
panel-princes-place-flip = Colocar { $landscape } en { $square }, volteado
panel-princes-place = Colocar { $landscape } en { $square }
panel-princes-recruit = Reclutar { $card }
panel-princes-later = Guardar la carta de reclutamiento para más tarde
panel-princes-work-bonus-prestige = Obra: { $profession }, bonus { $bonus }, prestigio { $prestige }
panel-princes-work-bonus = Obra: { $profession }, bonus { $bonus }
panel-princes-work-prestige = Obra: { $profession }, prestigio { $prestige }
panel-princes-work = Obra: { $profession }
panel-princes-build-rot-flip = Construir { $building } en { $square }, girado { $degrees }°, volteado
panel-princes-build-rot = Construir { $building } en { $square }, girado { $degrees }°
panel-princes-build-flip = Construir { $building } en { $square }, volteado
panel-princes-build = Construir { $building } en { $square }
panel-princes-draw-profession = Robar un personaje (300)
panel-princes-draw-bonus = Robar una carta de bonus (300)
panel-princes-freedom = Introducir la libertad: { $freedom } (300)
panel-princes-done = Terminar (acaba tu turno)
panel-princes-sell = Vender { $points } de prestigio por florines
panel-facet-princes-no-bonus = sin bonus

# Alrededor del panel (commands/src/bot.rs): su cabecera, la jugada recién hecha, rechazos.
panel-title = **{ $title }** · solo lo ves tú.
panel-played = ✅ Has jugado **{ $move }**.
panel-invalid-choice = Esa opción del menú no es válida.
panel-options-changed = Tus opciones han cambiado; aquí están ahora.
panel-no-move = Ahora mismo no te toca jugar.

# Botones bajo los mensajes del canal (commands/src/messages.rs, history.rs), en el idioma
# del canal; "Siguiente ronda" bajo una repetición privada, en el de quien la lee.
panel-button-your-move = 🎲 Te toca, { $name }
panel-button-my-hand = Mi mano
panel-button-board = Tablero
panel-button-text-board = Tablero en texto
panel-button-approve = Aprobar
panel-button-refuse = Rechazar
panel-button-next-round = Siguiente ronda

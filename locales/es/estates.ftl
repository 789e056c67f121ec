# estates: the engine's own texts (rules/src/estates/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `estates-…`; see locales/en/events.ftl for how phrases are written.

## `/game help`: what each typed move does (CommandHelp::meaning_key).

estates-help-stash = al principio de tu turno, opcional: pasa 1 M$ de tu efectivo a tu caja personal secreta (una vez por turno)
estates-help-cube-colour-value-left-right = subasta un cubo de piso de un extremo de una fila de oferta (o `cube <fila 1-3> left|right`)
estates-help-roof = saca el siguiente tejado boca arriba y subástalo
estates-help-permit-1-2-3 = subasta un permiso de construcción
estates-help-mayor = subasta el alcalde
estates-help-cancel = subasta el cubo de cancelación
estates-help-bid-amount = puja M$ enteros (basta con el número); una puja por subasta
estates-help-pass = no entras en esta subasta
estates-help-sell = subastador: el mejor postor se lleva la pieza y te paga
estates-help-keep = subastador: te quedas la pieza y pagas la puja más alta al mejor postor
estates-help-place-row-lot = coloca el cubo, el tejado o el permiso que has ganado (filas: top, middle, bottom; lotes 1-10)
estates-help-place-row = pon el alcalde delante de una fila
estates-help-remove-permit-1-2-3 = usa el cubo de cancelación sobre un permiso colocado
estates-help-discard = retira de la partida el permiso, el alcalde o el cubo de cancelación que has ganado

## Piezas, filas y colores, compartidos por los mensajes de abajo. `estates-item`,
## `estates-reason`, `estates-scores` y `estates-best` se usan desde otros mensajes y
## leen los argumentos de quien los usa.

estates-item = { $item ->
    [cube] el cubo { $code }
    [roof] el tejado { $code }
    [permit] el permiso { $code }
    [mayor] el alcalde
   *[cancel] el cubo de cancelación
}
estates-reason = { $reason ->
    [two-rows] hay dos filas completas
    [roofs-gone] se han usado todos los tejados, así que ya no se puede terminar ningún edificio
   *[no-piece] no queda ninguna pieza que se pueda subastar
}
estates-scores = { $players ->
    [1] { $p1 } { $s1 }
    [2] { $p1 } { $s1 }, { $p2 } { $s2 }
    [3] { $p1 } { $s1 }, { $p2 } { $s2 }, { $p3 } { $s3 }
    [4] { $p1 } { $s1 }, { $p2 } { $s2 }, { $p3 } { $s3 }, { $p4 } { $s4 }
   *[other] { $p1 } { $s1 }, { $p2 } { $s2 }, { $p3 } { $s3 }, { $p4 } { $s4 }, { $p5 } { $s5 }
}
estates-best = { $best ->
    [1] { $w1 }
    [2] { $w1 } y { $w2 }
    [3] { $w1 }, { $w2 } y { $w3 }
    [4] { $w1 }, { $w2 }, { $w3 } y { $w4 }
   *[other] { $w1 }, { $w2 }, { $w3 }, { $w4 } y { $w5 }
}
estates-colour-blue = azul
estates-colour-red = rojo
estates-colour-yellow = amarillo
estates-colour-green = verde
estates-colour-purple = morado
estates-colour-grey = gris

## Eventos (EstatesEvent). Los cubos (`red-5`) y los lotes (`top-3`) son los códigos que
## se escriben. Solo `stashed` es privado.

estates-event-stashed = Metes 1 M$ de ganancias ilegales en tu caja personal (ahora { $cash_box } M$; 1 punto por cheque al final).
estates-event-chose-roof = { $name } saca un tejado de la bolsa: es un { $roof }. Sale a subasta.
estates-event-chose = { $name } saca a subasta { estates-item }.
estates-event-bid = { $name } puja { $amount } M$.
estates-event-passed = { $name } pasa.
estates-event-all-passed = Todos han pasado: { $name } se lleva { estates-item } gratis.
estates-event-sold = { $name } vende { estates-item } a { $buyer }, que le paga { $amount } M$.
estates-event-kept = { $name } se queda { estates-item } y paga { $amount } M$ a { $bidder }.
estates-event-cube-placed = { $name } coloca { $cube } en { $lot }.
estates-event-certificate = { $name } se queda el certificado { $colour } ({ $company }).
estates-event-roof-placed = { $name } pone el tejado { $roof } en { $lot }: ese edificio está terminado.
estates-event-permit-placed = { $name } coloca el permiso { $permit } en { $lot }: la fila { $row } necesita ahora { $needs ->
    [one] { $needs } lote
   *[other] { $needs } lotes
}.
estates-event-mayor-placed = { $name } pone el alcalde delante de la fila { $row }: sus edificios puntúan el doble.
estates-event-permit-removed = { $name } usa el cubo de cancelación sobre el permiso { $permit }: la fila { $row } vuelve a necesitar { $needs ->
    [one] { $needs } lote
   *[other] { $needs } lotes
}. Los dos salen de la partida.
estates-event-discarded = { $name } retira { estates-item } de la partida.
estates-event-game-over = Fin de la partida: { estates-reason }. Puntos (con las cajas personales): { estates-scores }. Mejor: { estates-best }.
estates-event-last-round-over = Termina la ronda { $round } de { $rounds }: { estates-reason }. Puntos (con las cajas personales): { estates-scores }. Mejor: { estates-best }.
estates-event-round-over = Termina la ronda { $round } de { $rounds }: { estates-reason }. Puntos (con las cajas personales): { estates-scores }. Mejor: { estates-best }. Empieza la siguiente ronda; las cajas personales vuelven al efectivo.
estates-event-new-round = La ronda { $round } se prepara de nuevo. Empieza { $name }.

## El tablero en texto (render_public, headline).

estates-board-title = **The Estates**
estates-board-title-round = **The Estates** — ronda { $round } de { $rounds }
estates-board-row = FILA { $row ->
    [top] SUPERIOR
    [middle] CENTRAL
   *[bottom] INFERIOR
} · necesita { $needs }
estates-board-permit = permiso { $permits } @lote { $lot }
estates-board-mayor = ALCALDE x2
estates-board-complete = COMPLETA
estates-board-roof = tejado
estates-board-nobody = nadie
estates-board-river = ~~ río ~~
estates-board-empty-lot = lote { $lot } vacío
estates-board-empty-lots = lotes { $from }-{ $to } vacíos
estates-board-white = (blancos: { $lots })
estates-board-offer = **Filas de oferta** (solo se pueden elegir los cubos de los extremos)
estates-board-offer-empty = (vacía)
estates-board-available = disponible
estates-board-gone = fuera
estates-board-in-row = en la fila { $row }
estates-board-pieces = Tejados en la bolsa: { $roofs } · Permisos: { $permits } · Alcalde: { $mayor } · Cubo de cancelación: { $cancel }
estates-board-certificates = Certificados: { $list }
estates-board-live = Puntos si la partida terminara ahora (sin las cajas personales): { $list }
estates-board-round-totals = Ronda { $round }: { $list }
estates-board-round-wins = Rondas ganadas: { $list }
estates-board-choosing = { $name } es el subastador: elige una pieza para subastar.
estates-board-auction = Subasta de { $name }: { estates-item }. Pujas: { $bids }.
estates-board-to-answer = { $name } puja o pasa.
estates-board-no-bids = ninguna todavía
estates-board-bid = { $name } { $amount } M$
estates-board-bid-pass = { $name } pasa
estates-board-deciding = { $bidder } ha pujado { $amount } M$ por { estates-item }. { $name } decide: vender o quedársela.
estates-board-placing = { $name } tiene que colocar { estates-item }.
estates-board-over = La partida ha terminado.

## La mano de un jugador (render_private).

estates-hand-cash = Efectivo en mano: { $cash } M$ · caja personal: { $cash_box } M$ (1 punto por cheque al final; nunca se puede gastar).
estates-hand-may-stash = Puedes meter 1 M$ en tu caja personal antes de elegir una pieza.

## Puntuación final (frases de ScoreLine, la nota del resultado).

estates-score-building = { $lot } ({ $cubes } + { $roof ->
        [0] sin tejado
       *[other] tejado { $roof }
    }, { $complete ->
        [yes] completa
       *[no] incompleta
    }{ $mayor ->
        [yes] , alcalde ×2
       *[no] {""}
    })
estates-score-cash-box = caja personal
estates-score-round = ronda { $round }{ $won ->
        [yes] {" "}(ganada)
       *[no] {""}
    }
estates-score-checks = cheques (efectivo + caja personal)
estates-score-note-two-wins = Terminó la ronda { $round }: { estates-reason }. Dos rondas ganadas terminan la partida.
estates-score-note-game = La partida terminó porque { estates-reason }.
estates-score-note-all-rounds = Se han jugado las { $rounds } rondas; la última terminó porque { estates-reason }.

## Órdenes escritas que no se leen como una jugada (EstatesParseError). Las órdenes se
## quedan como se escriben.

estates-parse-hint = { $phase ->
    [turn] Ahora: `stash` (opcional) y luego elige una pieza: `cube red-5`, `roof`, `permit 2`, `mayor` o `cancel`.
    [auction] Ahora: `bid 3` (o solo `3`) o `pass`.
    [decide] Ahora: `sell` o `keep`.
    [place] Ahora: `place top-3` (cubo, tejado, permiso), `place middle` (alcalde), `remove permit 2` (cubo de cancelación) o `discard`.
   *[over] La partida ha terminado.
}
estates-parse-all = Órdenes: `stash`, `cube red-5`, `roof`, `permit 2`, `mayor`, `cancel`, `bid 3`, `pass`, `sell`, `keep`, `place top-3`, `place middle`, `remove permit 2`, `discard`.
estates-parse-empty = Escribe una orden. { estates-parse-hint }
estates-parse-unknown = No conozco la orden `{ $text }`. { estates-parse-hint } { estates-parse-all }
estates-parse-takes-nothing = `{ $word }` no lleva nada detrás.
estates-parse-not-an-amount = `{ $word }` no es un número entero de M$; puja así: `bid 3`.
estates-parse-not-a-permit = `{ $word }` no es un permiso: los permisos son 1, 2 y 3, p. ej. `permit 2`.
estates-parse-cube-usage = Nombra un cubo así: `cube red-5`, o el extremo de una fila de oferta así: `cube 2 left`.
estates-parse-not-a-cube = `{ $word }` no es un cubo. { estates-parse-cube-usage }
estates-parse-no-such-offer-row = Las filas de oferta son la 1, la 2 y la 3, no la { $row }. { estates-parse-cube-usage }
estates-parse-cube-elsewhere = { $cube } está { $side ->
    [left] en el extremo izquierdo
    [right] en el extremo derecho
   *[middle] en el medio
} de la fila de oferta { $row }; basta con `cube { $cube }`.
estates-parse-offer-row-empty = La fila de oferta { $row } está vacía.
estates-parse-lot-usage = Nombra un lote así: `place top-3` (filas top, middle, bottom; lotes 1-10), o una fila para el alcalde: `place middle`.
estates-parse-not-a-lot = `{ $word }` no es un lote. { estates-parse-lot-usage }
estates-parse-mayor-needs-row = Pon el alcalde delante de una fila: `place middle`.
estates-parse-remove-which = Di qué permiso retira el cubo de cancelación: `remove permit 2`.
estates-parse-permit-which = Elige un permiso por su valor: `permit 2`.
estates-parse-bid-which = Puja un número entero de M$: `bid 3`.

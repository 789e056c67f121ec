# Lo que cuentan los motores de cada jugada (rules/src/<juego>/events.rs, vía
# `GameEvent::phrased`), en los mensajes de turno. Claves `<juego>-event-…`. $name es el
# nombre de un jugador; los códigos de losetas, las cartas y las letras de los palacios
# son los mismos en todos los idiomas.

## Palazzo (rules/src/palazzo/events.rs).

palazzo-event-turn-starts = Turno de { $name }.
palazzo-event-money-revealed = { $name } toma dinero: se descubren { $cards }.
palazzo-event-picked = { $name } toma { $cards }.
palazzo-event-reshuffled = Los descartes se barajan en un nuevo mazo de { $cards } cartas.
palazzo-event-rider-drawn = Sale un jinete ({ $count }/5) y se aparta.
palazzo-event-drew = { $name } roba losetas: { $supply } al suministro, { $tile } a la cantera { $quarry }.
palazzo-event-drew-supply-only = { $name } roba losetas: { $supply } al suministro, ninguna a una cantera.
palazzo-event-drew-quarry-only = { $name } roba losetas: ninguna al suministro, { $tile } a la cantera { $quarry }.
palazzo-event-drew-nothing = { $name } roba losetas: ninguna al suministro, ninguna a una cantera.
palazzo-event-game-ended = ¡El 5.º jinete termina la partida en el acto!
palazzo-event-bought = { $name } compra { $tiles } por { $price } y paga { $pay } ({ $paid }).
palazzo-event-bought-free = { $name } compra { $tiles } por { $price } sin pagar nada.
palazzo-event-nothing-to-auction = { $name } subasta, pero ninguna cantera tiene losetas: no pasa nada.
palazzo-event-handout-starts = El maestro de obras va a la cantera { $quarry }, con { $count ->
    [one] { $count } loseta
   *[other] { $count } losetas
} ({ $tiles }): no hay subasta; cada jugador, empezando por { $name }, toma una y la construye.
palazzo-event-leftovers-boxed = Sobran y salen de la partida: { $tiles }.
palazzo-event-auction-opened = El maestro de obras va a la cantera { $quarry }; { $name } abre la subasta por { $tiles } con el certificado 3.
palazzo-event-raised = { $name } añade { $cards }: puja { $total }.
palazzo-event-passed = { $name } pasa.
palazzo-event-passed-took-back = { $name } pasa y recupera { $cards }.
palazzo-event-auction-won = { $name } gana { $tiles } con { $total } y paga { $cards }.
palazzo-event-auction-won-certificate = { $name } gana { $tiles } con { $total } y paga solo con el certificado 3.
palazzo-event-built = { $name } construye { $tile } en el palacio { $palace }.
palazzo-event-built-new = { $name } construye { $tile } como nuevo palacio { $palace }.
palazzo-event-discarded = { $name } saca { $tile } de la partida.
palazzo-event-lifted = { $name } reconstruye (paga { $pay }): { $tile } sale del palacio { $from } y queda sola como palacio { $new }.
palazzo-event-inserted = { $name } reconstruye (paga { $pay }): { $tile } entra en el palacio { $into }.
palazzo-event-removed = { $name } reconstruye (paga { $pay }): { $tile } sale de la partida.

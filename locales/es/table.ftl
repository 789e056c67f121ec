# Lo que dice la mesa (table/src): sala de espera, turnos, negativas, recordatorios y
# tiempos límite, ajustes, estadísticas, deshacer y propuestas. Lo que se publica en el
# canal va en el idioma del canal; las respuestas privadas y los MD, en el de quien lee.
# Nombres, juegos y jugadas llegan como argumentos. Los comandos, con sus nombres en
# español (locales/es/commands.ftl).

## Negativas y fallos comunes (table/src/text.rs, lib.rs)

table-no-game = No hay ninguna partida en este canal. Abre una con /partida nueva (mira /partida reglas para ver la lista).
table-stale-prompt = Ese aviso está desfasado: tus opciones han cambiado. Usa el último mensaje de turno (o /partida estado).
table-not-seated = No estás sentado en esta mesa.
table-not-saved = No se pudo guardar, así que no ha cambiado nada ({ $error }). Vuelve a intentarlo.
table-store-failed = Ha fallado el almacén de partidas ({ $error }).
table-store-failed-nothing-changed = Ha fallado el almacén de partidas ({ $error }); no ha cambiado nada.
table-log-unreadable = No se pudo leer el registro ({ $error }).
table-went-wrong = Algo ha fallado al atender ese comando; no ha cambiado nada.
table-moved-meanwhile = Otra jugada de esta partida se guardó en el mismo momento, así que la tuya no; mira la partida otra vez y repítela.
table-busy-try-again = Esta partida se está guardando en otro sitio ahora mismo, así que tu jugada no se ha guardado y no ha cambiado nada; vuelve a intentarlo dentro de unos segundos.
table-nobody = nadie
table-the-host = el anfitrión

## La partida guardada de un canal que no se puede usar (lib.rs: se dice una vez)

table-store-unreadable = ⚠️ No se pudo leer el almacén de partidas ({ $error }); inténtalo de nuevo en un momento.
table-quarantined = ⚠️ La partida guardada de este canal no se pudo leer y se ha apartado para quien gestiona el bot ({ $reason }). El canal está libre: abre una partida nueva con /partida nueva.
table-newer-version = ⚠️ La partida de este canal la guardó una versión más nueva del bot, que esta no sabe leer; se conserva tal cual. Pide a quien gestiona el bot que vuelva a usar esa versión.

## La sala de espera (lib.rs, bots.rs; los botones bajo su mensaje: lobby_row de commands)

lobby-button-join = Unirse
lobby-button-add-bot = Añadir un bot
lobby-button-start = Empezar
table-already-open = Ya hay una mesa de { $game } { $state ->
        [lobby] reuniendo jugadores
       *[running] en marcha
    } en este canal; termínala o abandónala antes.
lobby-opened = { $name } ha abierto una mesa de **{ $game }** ({ $min }–{ $max } jugadores). Toca Unirse o usa /partida unirse; { $name } la empieza con Empezar o /partida empezar.
lobby-opened-with-bots = { $name } ha abierto una mesa de **{ $game }** ({ $min }–{ $max } jugadores) con { $bots }. Toca Unirse o usa /partida unirse; { $name } la empieza con Empezar o /partida empezar.
lobby-opened-ready = { $name } ha abierto una mesa de **{ $game }** con { $bots }.
lobby-already-started = La partida de { $game } de aquí ya ha empezado; los asientos ya no pueden cambiar.
lobby-already-seated = Ya estás sentado en esta mesa.
lobby-table-full = La mesa está llena: { $game } admite como mucho { $max } jugadores.
lobby-joined = { $name } se ha unido ({ $seated }/{ $max }): { $seats }.
lobby-leave-under-way = La partida está en marcha, así que no se puede dejar el asiento; el anfitrión o alguien con Gestionar canal puede abandonarla.
lobby-left-closed = { $name } se ha ido; la mesa vacía se cierra.
lobby-left = { $name } se ha ido ({ $seated } { $seated ->
        [one] sentado
       *[other] sentados
    }: { $seats }).
lobby-new-host = Ahora { $name } es el anfitrión.
lobby-only-host-starts = Solo el anfitrión ({ $host }) puede empezar la partida.
lobby-players-needed = { $game } necesita { $min }–{ $max } jugadores; { $seated ->
        [one] hay { $seated } sentado
       *[other] hay { $seated } sentados
    }. Los demás pueden sentarse antes con /partida unirse.
lobby-status = Una mesa de { $game } está reuniendo jugadores: { $seats }. Anfitrión: { $host }.
table-already-started = La partida ya ha empezado.
table-begins = ¡Empieza **{ $game }**! Asientos en orden: { $seats }.
table-only-host-abandons = Solo el anfitrión ({ $host }) o un miembro con Gestionar canal puede abandonar esta partida.
table-abandoned = { $name } ha abandonado la partida de { $game }. El canal queda libre para otra.

## Jugadas y turnos (lib.rs)

table-not-a-choice = Esa opción ya no es una de tus jugadas.
table-not-started-host-starts = La partida aún no ha empezado; { $host } la empieza con /partida empezar.
table-not-started = La partida aún no ha empezado.
table-seat-left = Dejaste esta partida cuando se te agotó el tiempo; ahora hago yo las jugadas de tu asiento.
table-seat-away = Un bot juega tu asiento desde que se te agotó el tiempo: /partida unirse te lo devuelve.
table-not-your-turn = No es tu turno: la partida espera a { $names }.
table-waiting-for = ⏳ Esperando a { $names }.
# The text board's last line (no emoji: a screen reader reads it).
text-board-waiting = Esperando a { $names }.
table-summary-more = … (el resto: /partida registro)
table-moved-timed-out = ⏱️ A { $name } se le agotó el tiempo, así que he jugado en su lugar.
table-moved-stand-in = 🤖 He jugado por { $name }, que dejó la partida.
table-moved-away = 🤖 Un bot ha jugado por { $name }, que no está.
table-no-hidden-information = Este juego no tiene información oculta.

## Puntos, registro, reglas y ayuda (lib.rs, text.rs)

table-scores-now =
    Los puntos si la partida acabara ahora están en el tablero:
    { $board }
table-last-game =
    Última partida de { $game } aquí:
    { $outcome }
table-last-result-unreadable = No se pudo leer el último resultado de aquí.
table-no-game-finished = Aún no se ha jugado ninguna partida hasta el final en este canal.
table-log-empty = Aún no hay jugadas.
table-log-heading = Jugadas { $from }–{ $to } de { $total }:
table-log-line = { $n }. { $line }
table-log-taken-back = { $n }. ~~{ $line }~~ (retirada)
table-rules-no-topic = Nada en las reglas menciona «{ $topic }». Temas: { $topics }.
table-rules-page = (página { $page }/{ $total })
table-games-heading = Juegos a los que puedes jugar:
table-games-line = · `{ $id }` — { $game } ({ $min }–{ $max } jugadores)
table-games-footer = Abre uno con /partida nueva; lee sus reglas con /partida reglas.
table-which-game = ¿Qué juego? Elige uno de: { $games }.
table-no-such-game = No hay ningún juego llamado «{ $game }». Elige uno de: { $games }.
table-help = **Comandos de la mesa**
    · `/partida nueva <juego> [clave=valor…]` — abre una mesa (p. ej. `/partida nueva estates rounds=2`)
    · `/partida unirse` / `/partida salir` — toma o deja un asiento antes de empezar
    · `/partida empezar` — el anfitrión empieza la partida
    · `/partida bot añadir [fácil|normal|difícil]` · `/partida bot quitar [nombre]` — el anfitrión sienta o levanta a un bot (`/partida nueva <juego> bots:2` sienta dos a la vez)
    · `/partida estado` — el tablero y a quién se espera
    · `/partida mano` — tu mano y tu dinero, en privado
    · `/partida puntos` — los puntos en juego, o el último resultado de aquí
    · `/partida registro` — las últimas jugadas
    · `/partida reglas [juego] [tema]` — las reglas, con cada decisión que tomó el bot
    · `/partida abandonar` — el anfitrión (o Gestionar canal) termina la partida
    · `/partida ajustes` — recordatorios, tiempo límite (auto, default, skip, bot, drop), deshacer y pistas de esta mesa (los cambia el anfitrión)
    · `/partida avisar` — menciona a quien espera la partida (una vez por hora)
    · `/partida deshacer` — retira tu última jugada (la aprueban quienes jugaron después)
    · `/partida pista` — la sugerencia del bot para tu jugada, con el porqué (solo la ves tú)
    · `/partida unirse` — recupera tu asiento del bot que jugó por ti mientras no estabas
    · `/partida mías` — tus partidas, primero donde te toca
    · `/partida avisos [mención|md|silencio]` — cómo te enteras de tu turno en este servidor
    · `/partida estadísticas [usuario] [juego]` · `/partida clasificación [juego]` — el historial de este servidor
    · `/partida puntuación [jugador] [título]` · `/partida clasificación juego:… por:puntuación` — las puntuaciones de este servidor
    Jugadas: el botón de tu turno, o `/<juego> jugar` (p. ej. `/palazzo jugar take money`).
table-help-moves = **Jugadas de { $game }**
table-help-move = · `{ $syntax }` — { $meaning } (p. ej. `{ $example }`)
table-this-game = este juego

## Bots en la sala de espera (bots.rs)

lobby-only-host-adds-bot = Solo el anfitrión ({ $host }) puede añadir un bot.
lobby-only-host-removes-bot = Solo el anfitrión ({ $host }) puede quitar un bot.
lobby-bot-seated = { $name } ha sentado a { $bot } ({ $seated }/{ $max }): { $seats }.
lobby-no-bot = No hay ningún bot sentado en esta mesa.
lobby-no-such-bot = Aquí no hay ningún bot que se llame así; los bots son { $bots }.
lobby-bot-removed = { $name } ha quitado el asiento a { $bot } ({ $seated } { $seated ->
        [one] sentado
       *[other] sentados
    }: { $seats }).

## Recordatorios y tiempos límite (timers.rs, timing.rs, hands.rs)

timer-ago-now = ahora mismo
timer-ago-minutes = hace { $n } min
timer-ago-hours = hace { $n } h
timer-ago-days = hace { $n } días
timer-reminder = ⏰ Recordatorio: **{ $game }** espera a { $names } (última jugada { $since }).
timer-reminder-held-up = ⏰ { $names }: todos los demás ya han jugado; te esperamos en **{ $game }** (última jugada { $since }).
timer-reminder-dm = ⏰ Te toca jugar (última jugada { $since }).
timer-reminder-dm-held-up = ⏰ Todos los demás ya han jugado: te toca a ti (última jugada { $since }).
timer-dropped-game-over = ⏱️ A { $names } se le agotó el tiempo y se fue. { $game } necesita al menos { $min } jugadores, así que la partida termina aquí, abandonada (no cuenta en las estadísticas).
timer-dropped = ⏱️ A { $names } se le agotó el tiempo y dejó la partida. Desde ahora juego yo por su asiento; siguen { $remaining } jugadores.
timer-dropped-you = ⏱️ Se te agotó el tiempo, así que has dejado esta partida; desde ahora juego yo por tu asiento.
# Entre las jugadas que hizo el bot por un jugador sin tiempo («**pull**, y luego **stop**»).
timer-played-then = {", y luego "}
timer-played-for-you = ⏱️ Se te agotó el tiempo, así que he jugado { $moves } por ti.

## Asientos que juega un bot mientras su jugador no está (away.rs)

table-away-bot-plays = ⏱️ A { $names } se le agotó el tiempo: un bot juega su asiento hasta que vuelva (/partida unirse).
table-away-everyone-away = ⏱️ A { $names } se le agotó el tiempo y ya no queda nadie: la partida espera a que alguien vuelva (/partida unirse).
table-away-your-seat-to-bot = ⏱️ Se te agotó el tiempo, así que un bot juega tu asiento hasta que vuelvas: /partida unirse (o cualquier comando tuyo en la mesa) te lo devuelve.
table-away-back = 👋 { $name } ha vuelto y juega de nuevo su asiento.
table-away-welcome-back = Has vuelto: tu asiento vuelve a ser tuyo.
table-away-seat-left-for-good = Dejaste esta partida cuando se te agotó el tiempo; un asiento que se dejó no se puede recuperar.
table-away-not-away = Ningún bot juega tu asiento: ya lo juegas tú.

## Manos en vivo y MD (hands.rs)

table-hand-latest = **Lo último:** { $news }
table-hand-your-move = 🎲 Te toca jugar. { $headline }
table-hand-game-over =
    🏁 La partida ha terminado.
    { $scores }
    Vuelve a verla jugada a jugada con /partida historial.

## Pistas (hint.rs)

table-hint-off = Las pistas están desactivadas en esta partida; el anfitrión ({ $host }) puede activarlas con /partida ajustes.
table-hint-none = El bot no tiene ninguna sugerencia aquí, lo siento.
table-hint-busy = Tu pista anterior todavía se está calculando: espérala antes de pedir otra.
table-hint-server-busy = Los bots de este servidor están ocupados pensando ahora mismo: vuelve a pedir la pista dentro de unos segundos.
table-hint-failed = El bot no ha podido calcular una pista esta vez, lo siento. Tu partida sigue como antes.
# $move: the move as the reader's move buttons name it, its emphasis included.
table-hint-only-move = 💡 Pista: { $move }: es tu única jugada.
table-hint-best = 💡 Pista: { $move }. Por qué: en { $games } partidas que el bot siguió jugando a partir de lo que tú ves, esta jugada fue la mejor, con unas posibilidades de alrededor del { $chance } %.
# $why: the game's rule of thumb, a clause (the bot played it without searching).
table-hint-rule = 💡 Pista: { $move }. Por qué: { $why }

## Avisos de turno (notify.rs)

table-notify-explain-ping = una mención en el canal cuando te toca
table-notify-explain-dm = una mención en el canal y un mensaje directo cuando te toca, y mensajes directos con los recordatorios y los tiempos agotados
table-notify-explain-quiet = ni mención en tu turno ni mensaje directo: solo tu mano en vivo (los recordatorios te siguen mencionando en el canal)
table-notify-shown = Recibes { $explain } (`{ $word }`). Elige con /partida avisos: mención, md o silencio.
table-notify-set = Desde ahora recibes { $explain } (`{ $word }`), en todas las mesas de este servidor.
table-notify-not-saved = No se pudo guardar tu elección ({ $error }); no ha cambiado nada.

## Ajustes (social.rs, timing.rs, switch.rs)

table-settings-shown = **Tiempos de esta mesa de { $game }**
    { $timing }
    { $undo }
    { $hints }
    El anfitrión o cualquiera con Gestionar canal puede cambiarlos con /partida ajustes.{ $pending }
table-settings-only-host = Solo el anfitrión ({ $host }) o un miembro con Gestionar canal puede cambiar los ajustes de esta mesa.
table-settings-changed = ⚙️ { $name } ha cambiado los tiempos de esta mesa:
# Con su espacio delante (va tras el valor).
table-settings-server-default = {" "}(valor del servidor)
table-settings-described =
    · Recordar tras: **{ $remind }**{ $remind_mark }
    · Repetir recordatorios cada: **{ $every }**{ $every_mark }
    · Tiempo límite: **{ $timeout }**{ $timeout_mark }
    · Al agotarse: **{ $policy }**{ $policy_mark }
table-settings-policy-auto = auto — el bot juega su turno lo mejor que sabe
table-settings-policy-default = default — la jugada fija por defecto del juego
table-settings-policy-skip = skip — pasa donde las reglas lo permiten (si no, la jugada por defecto)
table-settings-policy-bot = bot — un bot juega su asiento hasta que vuelva
table-settings-policy-drop = drop — deja la partida
table-settings-name-remind = Recordar tras
table-settings-name-every = Repetir cada
table-settings-name-timeout = Tiempo límite
table-settings-too-short = { $setting } tiene que ser al menos { $min } (u off): es lo más corto que permite este bot, así que «{ $value }» es demasiado corto.
table-settings-not-a-duration = «{ $value }» no es una duración; escribe un número con su unidad, como 90s, 30m, 12h, 2d o 1h30m (u off).
table-settings-too-long = «{ $value }» es demasiado largo: un año como mucho.
table-settings-not-a-policy = «{ $value }» no es una opción para cuando se agota el tiempo; elige auto (el bot juega su turno lo mejor que sabe), default (la jugada fija por defecto del juego), skip (pasa donde las reglas lo permiten), bot (un bot juega su asiento hasta que vuelva) o drop (deja la partida).
table-settings-not-on-off = «{ $value }» no es una opción para deshacer o pistas; escribe on u off.
# `$on` es la palabra del ajuste, `on` u `off`.
table-settings-undo-line = · Deshacer: **{ $on ->
        [on] sí
       *[off] no
    }** (`/partida deshacer`, con el consentimiento de los demás jugadores)
table-settings-hints-line = · Pistas: **{ $on ->
        [on] sí
       *[off] no
    }** (`/partida pista`: la sugerencia del bot, solo para ti)
table-switch-undo-on = ⚙️ { $name } ha activado deshacer: un jugador puede retirar su última jugada con /partida deshacer, con el consentimiento de quienes jugaron después.
table-switch-undo-off = ⚙️ { $name } ha desactivado deshacer en esta partida.
table-switch-hints-on = ⚙️ { $name } ha activado las pistas: /partida pista muestra a un jugador la sugerencia del bot, en privado.
table-switch-hints-off = ⚙️ { $name } ha desactivado las pistas en esta partida.

## Propuestas de tiempos pendientes de aprobación (proposal.rs)

table-proposal-closed = Ese cambio de tiempos ya no está abierto: se decidió, lo sustituyó una propuesta más nueva o su partida terminó.
table-proposal-pending = Pendiente de aprobación: el cambio de { $name } a tiempos más cortos, que aún tienen que aprobar { $names } (botones en el canal).
table-proposal-asked =
    ⚙️ { $name } propone estos tiempos para la mesa:
    { $timing }
    Hace que los tiempos de una partida en marcha se agoten antes, así que solo se aplica cuando todos los demás jugadores lo aprueben ({ $names }) con los botones de abajo, en 24 h; un solo rechazo lo cancela.
table-proposal-asked-you = Tu cambio hace que los tiempos de una partida en marcha se agoten antes, así que los demás jugadores tienen que aprobarlo primero: se lo he pedido en el canal (la petición caduca a las 24 h). Alguien con Gestionar canal puede hacerlo directamente.
table-proposal-own = Tú propusiste este cambio: lo aprueban o lo rechazan los demás jugadores.
table-proposal-not-at-table = Solo los jugadores que siguen en esta mesa pueden aprobar o rechazar sus cambios de tiempos.
table-proposal-lapsed = Ese cambio de tiempos caducó: no todos los jugadores lo aprobaron en 24 h, así que no ha cambiado nada. { $name } puede volver a proponerlo con /partida ajustes.
table-proposal-void = Los tiempos de esta mesa cambiaron después de hacer esa propuesta, así que ya no vale; no ha cambiado nada.
table-proposal-refused = ⚙️ { $name } ha rechazado el cambio de tiempos de { $by }, así que no ha cambiado nada.
table-proposal-you-approved = Has aprobado el cambio de tiempos de { $by }; ahora falta { $names }.
table-proposal-approved = ⚙️ Todos los jugadores han aprobado el cambio de tiempos de { $by }, así que se aplica ya:

## Deshacer (undo.rs)

table-undo-closed = Esa petición de deshacer ya no está abierta: se decidió, se sustituyó o la partida siguió.
table-undo-not-started = La partida aún no ha empezado: no hay nada que retirar.
table-undo-cannot-replay = Esta partida no se puede reproducir.
table-undo-no-move-yet = Aún no has hecho ninguna jugada en esta partida, así que no hay nada que retirar.
table-undo-log-not-replayed = El registro de esta partida no se pudo reproducir, así que no se puede retirar nada.
table-undo-log-mismatch = El registro de esta partida no lleva a su estado, así que no se puede retirar nada.
table-undo-blocked = Tu última jugada ya no se puede retirar: ella, o una jugada posterior, sacó a la luz algo oculto o al azar (una carta o una loseta robada, un tejado descubierto, un barajado, el tambaleo de la villa), o fue una jugada secreta.
table-undo-bot-moved = Tu última jugada ya no se puede retirar: un bot ha jugado después, y la jugada de un bot nunca se retira (salió de las cartas ocultas del bot; retirarla permitiría volver a probar hasta que el bot respondiera como uno quiere).
table-undo-seat-left = Dejaste esta partida cuando se te agotó el tiempo, así que no puedes retirar jugadas.
table-undo-off = Deshacer está desactivado en esta partida: el anfitrión ({ $host }) lo desactivó con /partida ajustes.
table-undo-done = ↩️ { $name } ha retirado su última jugada.
table-undo-asked = ↩️ { $name } pide retirar su última jugada ({ $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    } en total, con las hechas después). Ocurrirá cuando { $names } lo aprueben con los botones de abajo, en { $within }; un solo rechazo o cualquier jugada nueva lo cancela.
table-undo-asked-you = Otros han jugado después de tu última jugada, así que he pedido a { $names } que aprueben retirarla.
table-undo-cancelled-by-move = ↩️ { $mover } ha jugado, así que la petición de deshacer de { $name } queda cancelada; no se ha retirado nada.
table-undo-own-request = Tú pediste este deshacer: lo aprueban o lo rechazan quienes jugaron después.
table-undo-not-an-approver = Solo los jugadores cuyas jugadas se retirarían aprueban o rechazan este deshacer.
table-undo-moved-on = Se hizo una jugada (o se desactivó deshacer) después de pedirlo, así que se canceló; no se ha retirado nada.
table-undo-lapsed = Esa petición de deshacer caducó antes de que todos la aprobaran, así que no se ha retirado nada. { $name } puede volver a pedirlo con /partida deshacer.
table-undo-refused = ↩️ { $name } se ha negado a retirar la jugada de { $by }, así que la partida sigue.
table-undo-you-approved = Has aprobado retirar la jugada de { $by }; ahora falta { $names }.
table-undo-approved = ↩️ Todos lo han aprobado: { $name } ha retirado su última jugada ({ $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    } en total).

## Avisos, mis partidas, estadísticas y clasificaciones (social.rs)

table-nudge-not-started = La partida aún no ha empezado: no hay nadie a quien avisar.
table-nudge-not-seated = Solo un jugador sentado en esta mesa puede avisar.
table-nudge-only-you = La partida solo te espera a ti: no hay nadie a quien avisar.
table-nudge-too-soon = En esta mesa se avisó { $since }; solo se puede avisar una vez por hora, así que el próximo aviso será posible dentro de { $wait } min.
table-nudge-sent = 👋 { $name } avisa a { $names }: **{ $game }** os espera (última jugada { $since }).
# `$place`: `server` (un comando en un servidor) o `anywhere` (desde un MD).
table-mine-none = No estás sentado en ninguna partida { $place ->
        [server] de este servidor
       *[anywhere] en ningún sitio
    }. Abre una con /partida nueva, o únete a una con /partida unirse.
table-mine-heading = **Tus partidas { $place ->
        [server] en este servidor
       *[anywhere] en todas partes
    }**
table-mine-gathering = reuniendo jugadores (desde { $since })
table-mine-your-move = **te toca** desde { $since }
table-mine-waiting = esperando a { $names } desde { $since }
table-mine-line = · **{ $game }** en { $channel } — { $state }
table-stats-all-games = todos los juegos
table-stats-percent = { NUMBER($value, maximumFractionDigits: 0) } %
table-stats-streak-none = ninguna
table-stats-streak-wins = { $n ->
        [one] 1 victoria
       *[other] { $n } victorias
    }
table-stats-streak-losses = { $n ->
        [one] 1 derrota
       *[other] { $n } derrotas
    }
table-stats-text =
    📊 **{ $name }** — { $game } en este servidor
    · Jugadas: { $played }
    · Ganadas: { $won } ({ $rate })
    · Puntuación media: { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
    · Mejor puntuación: { $best }
    · Racha actual: { $streak }
table-stats-none = { $name } aún no ha terminado aquí ninguna partida solo entre personas.
table-stats-none-of-game = { $name } aún no ha terminado aquí ninguna partida de { $game } solo entre personas.
table-stats-unreadable = No se pudieron leer las estadísticas ({ $error }).
table-stats-with-bots = 🤖 Partidas con bots (todos los juegos):
table-stats-against-bots = · Contra bots de nivel { $level }: { $won } ganadas de { $played } ({ $rate })
table-leaderboard-empty = Aún no se ha terminado aquí ninguna partida de { $game }: la clasificación empieza con la primera.
table-leaderboard-unreadable = No se pudo leer la clasificación ({ $error }).
table-leaderboard-heading = 🏆 **Clasificación — { $game }**
table-leaderboard-most-wins = **Más victorias**
table-leaderboard-best-rate = **Mejor porcentaje de victorias** ({ $min } partidas o más)
table-leaderboard-nobody-rated = Nadie ha jugado aún { $min } partidas.
table-leaderboard-line = { $rank }. { $name } — { $won } { $won ->
        [one] victoria
       *[other] victorias
    } en { $played } { $played ->
        [one] partida
       *[other] partidas
    } ({ $rate })

## Repeticiones (history.rs: /partida historial)

table-history-no-setup = Esta partida no se puede volver a preparar para su repetición ({ $error }).
table-history-move-refused = La jugada { $n } de esta partida no se pudo reproducir, así que no tiene repetición.
table-history-set-up = La partida está preparada.
table-history-heading = 📜 Repetición de **{ $game }** · paso { $step } de { $steps } · ronda { $round } de { $rounds }
table-history-heading-so-far = 📜 Repetición de **{ $game }** · paso { $step } de { $steps } por ahora · ronda { $round } de { $rounds }
table-history-step-unreadable = Este paso de la partida no se pudo mostrar.
table-history-running = en marcha
table-history-abandoned = abandonada { $when }
table-history-ended = terminada { $when }
# Una partida en el selector de /partida historial: `$id` su número.
table-history-label = { $game } #{ $id } · { $players } · { $when }
table-history-won-by = ganó { $names }
table-history-ago = { $days ->
        [0] hoy
        [1] ayer
       *[other] hace { $days } días
    }
table-history-moves-unreadable = No se pudieron leer las jugadas de la partida ({ $error }).
table-history-game-unreadable = No se pudo leer esa partida ({ $error }).
table-history-none = Aún no se ha jugado ninguna partida en este canal.
table-history-no-such-game = En este canal no se jugó esa partida.

## Comandos escritos que no se pueden leer (command.rs, timing.rs: las palabras del terminal)
# `$value`: la palabra tal como se escribió; `$most`: los bots que caben como mucho en una mesa.

table-parse-bot-level = «{ $value }» no es un nivel de bot: usa fácil, normal o difícil.
table-parse-bot-level-or-count = «{ $value }» no es un nivel de bot: usa fácil, normal o difícil (o un número de bots normales).
table-parse-too-many-bots = En una mesa caben como mucho { $most } bots.
table-parse-notify-choice = «{ $value }» no es una opción: usa ping, dm o quiet.
table-parse-not-a-setting = «{ $value }» no es un ajuste; escribe clave=valor, p. ej. remind=12h o policy=drop.
table-parse-no-such-setting = No hay ningún ajuste «{ $value }»; los ajustes son remind, every, timeout, policy, undo y hints.

## Final scores (table/src/text.rs `outcome`): end of game in the channel, the end DM,
## `/game scores` after a game.
table-outcome-title = **Puntuación final**
table-outcome-player = { $name }: { $total }
table-outcome-player-winner = { $name }: { $total } 🏆
table-outcome-line = {"  "}· { $label }: { $points }
table-outcome-tiebreak = {"  "}· desempate, { $label }: { $points }
table-outcome-nobody = Nadie gana.
table-outcome-winner = ¡Gana { $name }!
table-outcome-shared = Victoria compartida: { $names }.
table-outcome-seat = asiento { $seat }

## A bot level as a word in a sentence (`/game stats`, a bot's name).
table-bot-level-easy = fácil
table-bot-level-normal = normal
table-bot-level-hard = difícil
# El nombre del asiento de un bot, que se le da al sentarlo, en el idioma del canal.
table-bot-name = Bot { $name } ({ $level })

## Game records (`/game export`, `capomaestro export`)
# A person's name in a record made with pseudonyms.
record-pseudonym = Jugador { $n }
# The replay page of a record (`replay --html`, `/game export format:html`).
record-page-setup = La preparación
record-page-move = Jugada
record-page-of = de
record-page-final = Puntuación final
record-page-previous = Jugada anterior (←)
record-page-next = Jugada siguiente (→)
record-page-tiebreak = desempate
record-page-board = El tablero y la puntuación en texto
table-export-running = Esta partida aún se está jugando: su registro se puede exportar cuando termine.
table-export-failed = No se pudo crear el registro de la partida n.º { $game }: { $error }

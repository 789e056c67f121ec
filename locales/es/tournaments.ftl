## Torneos (table/src/tournament): por qué se rechazó un paso.
tournament-error-table-size = Las mesas son de 2 a { $most } jugadores.
tournament-error-rounds = Un torneo juega de 1 a { $most } rondas.
tournament-error-points-row = Los puntos por puesto necesitan un número entero por puesto ({ $places }), del primero al último, sin subir nunca y ninguno mayor que 1000.
tournament-error-smallest-table = La mesa más pequeña es de 2 jugadores al tamaño de mesa ({ $size }).
tournament-error-advance = En una eliminatoria pasan de 1 a { $most } jugadores de cada mesa.
tournament-error-max-players = Un torneo admite de 2 a { $most } jugadores.
tournament-error-already-in = Ya estás en este torneo.
tournament-error-not-in = No estás en este torneo.
tournament-error-started = El torneo ha empezado: ya no se admiten inscripciones.
tournament-error-leave-started = El torneo ha empezado: retírate en lugar de salir.
tournament-error-not-started = El torneo aún no ha empezado.
tournament-error-over = El torneo ha terminado.
tournament-error-too-few = Un torneo necesita al menos { $need } jugadores para empezar.
tournament-error-full = El torneo está completo ({ $most } jugadores).
tournament-error-already-dropped = Ya te has retirado de este torneo.
tournament-error-no-such-table = La ronda { $round } no tiene mesa { $table }.
tournament-error-not-this-round = La ronda { $round } no es la que se juega (se juega la { $current }).
tournament-error-table-done = La mesa { $table } de la ronda { $round } ya tiene su resultado.
tournament-error-result-seats = Un resultado necesita un puesto para cada uno de los { $seats } asientos de la mesa.
tournament-error-still-playing = { $left ->
    [one] Aún se juega una mesa de esta ronda.
   *[other] Aún se juegan { $left } mesas de esta ronda.
}
tournament-error-automatic-rounds = Este torneo empieza sus rondas por sí solo.
tournament-error-newer = Este torneo lo guardó una versión más nueva del bot (formato { $found }; esta lee hasta el { $known }).
tournament-error-unreadable = No se pueden leer los datos guardados de este torneo.

## The tournaments run on a server (commands, threads, posts).
tournament-none-here = No hay ningún torneo en este canal. Un organizador lo crea con `/tournament create`.
tournament-organiser-only = Solo el organizador del torneo o alguien que pueda gestionar el servidor puede hacer eso.
tournament-create-needs-manage = Crear un torneo requiere el permiso Gestionar servidor o el rol que este servidor nombre para ello (`/tournament role`).
tournament-already-here = Ya hay un torneo en curso en este canal; cada canal lleva un torneo a la vez.
tournament-table-size-for-title = { $game } se juega de { $min } a { $max }: el tamaño de mesa debe estar en ese rango.
tournament-created = Tu torneo de { $game } está abierto. La gente se apunta con `/tournament join`; tú lo empiezas con `/tournament start`.
tournament-created-public = { $name } abrió aquí un torneo de { $game }. Apúntate con `/tournament join`.
tournament-joined = Estás dentro. { $count ->
    [one] Se ha apuntado una persona.
   *[other] Se han apuntado { $count } personas.
}
tournament-left = Has dejado el torneo.
tournament-dropped = Te has retirado del torneo: conservas tus puntos y no te sentarás en ninguna ronda más.
tournament-started = El torneo ha empezado: { $tables ->
    [one] se sienta una mesa
   *[other] se sientan { $tables } mesas
}, cada una en su propio hilo.
tournament-next-seated = Se está sentando la ronda { $round }.
tournament-thread-name = Ronda { $round } · Mesa { $table }
tournament-table-ping = Ronda { $round }, mesa { $table } del torneo de { $game }: { $people }, vuestra partida está aquí.
tournament-round-started = La ronda { $round } ha empezado en { $tables ->
    [one] una mesa
   *[other] { $tables } mesas
}: { $threads }
tournament-finished = El torneo de { $game } ha terminado. Ganador: { $winner }. Clasificación final:
tournament-standings-header = Clasificación del torneo de { $game } tras la ronda { $round } (puesto, nombre, puntos, jugadas, ganadas, puntos de los rivales):
tournament-standings-empty = Aún no se ha apuntado nadie.
tournament-standings-row = { $rank }. { $name }: { $points } puntos, { $played } jugadas, { $wins } ganadas, rivales { $opponents }
tournament-standings-row-dropped = { $rank }. { $name }: { $points } puntos, { $played } jugadas, { $wins } ganadas, rivales { $opponents } (retirado)
tournament-standings-more = …y { $count } más.
tournament-format-swiss = suizo
tournament-format-round-robin = liga (todos contra todos)
tournament-format-knockout = eliminatorio
tournament-phase-joining = abierto para apuntarse
tournament-phase-playing = jugándose la ronda { $round } (quedan { $left } mesas)
tournament-phase-waiting = ronda { $round } terminada; el organizador empieza la siguiente con `/tournament next`
tournament-phase-finished = terminado
tournament-show = Torneo de { $game }, { $format }, mesas de { $size }, { $rounds ->
    [0] hasta su final
    [one] una ronda
   *[other] { $rounds } rondas
}, { $players } apuntados: { $phase }.
tournament-busy = El torneo está ocupado con otro cambio; inténtalo de nuevo en un momento.
tournament-role-needs-manage = Nombrar el rol de los organizadores de torneos requiere el permiso Gestionar servidor.
tournament-role-set = Los miembros con { $role } ya pueden crear torneos en este servidor, además de quienes pueden gestionarlo.
tournament-role-cleared = Ahora solo los miembros que pueden gestionar este servidor pueden crear torneos.

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

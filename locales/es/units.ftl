# Cantidades con su unidad, para duraciones y porcentajes.

duration-seconds = { $count ->
    [one] { $count } segundo
   *[other] { $count } segundos
}
duration-minutes = { $count ->
    [one] { $count } minuto
   *[other] { $count } minutos
}
duration-hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
duration-days = { $count ->
    [one] { $count } día
   *[other] { $count } días
}
# Un porcentaje, p. ej. de victorias: un decimal como mucho (con espacio, como en España).
percent = { NUMBER($value, maximumFractionDigits: 1) } %

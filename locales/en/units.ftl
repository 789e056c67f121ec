# Quantities with their units, for durations and rates anywhere in the bot.

duration-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
duration-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
# A share, e.g. a win rate: at most one decimal.
percent = { NUMBER($value, maximumFractionDigits: 1) }%

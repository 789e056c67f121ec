# La ayuda y los resúmenes de reglas (commands/src/digests.rs).

# La línea encima de un resumen de reglas en inglés que lee alguien en español.
help-rules-coming = *Las reglas en español están en camino; mientras tanto, aquí las tienes en inglés.*

## `/game help`: what each typed move does (CommandHelp::meaning_key).

countdown-help-add-1-3 = suma al total

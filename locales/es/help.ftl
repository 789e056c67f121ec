# La ayuda y los resúmenes de reglas (commands/src/digests.rs).

# La línea encima de un resumen de reglas en inglés que lee alguien en español.
help-rules-coming = *Las reglas en español están en camino; mientras tanto, aquí las tienes en inglés.*

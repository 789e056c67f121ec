# palazzo: the engine's own texts (rules/src/palazzo/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `palazzo-…`; see locales/en/events.ftl for how phrases are written.

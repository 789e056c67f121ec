# villa: the engine's own texts (rules/src/villa/) — its board and hand as text, its
# decision notes, score lines and (except Palazzo, in events.ftl) its events. Keys
# `villa-…`; see locales/en/events.ftl for how phrases are written.

# Help and the rules digests (commands/src/digests.rs).

# The line above an English rules digest shown to a reader of another language (the
# English file keeps it for completeness: an English reader never sees it).
help-rules-coming = *The rules in your language are coming; here they are in English meanwhile.*

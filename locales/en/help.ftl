# Help and the rules digests (commands/src/digests.rs).

# The line above an English rules digest shown to a reader of another language (the
# English file keeps it for completeness: an English reader never sees it).
help-rules-coming = *The rules in your language are coming; here they are in English meanwhile.*

## `/game help`: what each typed move does (CommandHelp::meaning_key).

countdown-help-add-1-3 = add to the total

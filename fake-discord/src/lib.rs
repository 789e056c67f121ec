//! A fake Discord for end-to-end tests (REST + gateway).

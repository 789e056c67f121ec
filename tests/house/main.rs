//! The house rules of the source tree: checks on the repository's own files.

mod shape;

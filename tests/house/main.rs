//! Checks of the repository as a house: its papers (and, beside them, its shape).

mod docs;

//! Checks of the repository as a house: its papers and the shape of its source tree.

mod docs;
mod shape;

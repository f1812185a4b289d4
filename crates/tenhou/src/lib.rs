//! Tenhou mjlog support for haifu: wall reconstruction from SHUFFLE seeds.

pub mod wall;

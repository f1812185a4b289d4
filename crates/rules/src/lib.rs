//! The rules engine of haifu: rule sets as plain data, and the rulings they give.
//!
//! # Architecture invariant
//!
//! This crate knows no log format: it depends on haifu-tiles only. The replayer feeds it what a
//! log says and compares its rulings with what the log recorded.

pub mod flow;

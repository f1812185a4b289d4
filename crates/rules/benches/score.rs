//! Scoring throughput; filled in once the corpus reader is merged.

fn main() {}

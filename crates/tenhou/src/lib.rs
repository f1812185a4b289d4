//! Tenhou mjlog reader (in progress).

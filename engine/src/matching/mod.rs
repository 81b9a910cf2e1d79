//! Graph matching algorithms used by the pairing systems.
